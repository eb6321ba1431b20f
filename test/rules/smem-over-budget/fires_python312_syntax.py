# Python 3.12 syntax throughout (PEP 695 type parameters and aliases, PEP 701
# f-strings, PEP 646 unpacking) and a backward whose starred return
# tree-sitter-python rejects: the file is read and its over-budget config found.
import torch
import triton
import triton.language as tl

type ConfigList = list[triton.Config]


def configs[T, *Ts](blocks: list[T], *extra: *Ts) -> ConfigList:
    return [triton.Config({"BLOCK_M": m, "BLOCK_N": 128, "BLOCK_K": 128}, num_stages=4, num_warps=8) for m in blocks]


@triton.autotune(configs=configs([64, 256]), key=["M", "N", "K"])
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak
    b_ptrs = b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=ks[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=ks[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(tl.float16), mask=(rows[:, None] < M) & (cols[None, :] < N))


class Matmul[T](torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, scale, bias, flags):
        M, K = a.shape
        _, N = b.shape
        assert a.dtype == torch.float16, f"{a.dtype=} but {ctx.meta["dtype"]} expected"
        c = torch.empty((M, N), device=a.device, dtype=a.dtype)
        grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
        matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0),
                            c.stride(1))
        return c

    @staticmethod
    def backward(ctx, dc):
        return dc, *(None,) * 4
