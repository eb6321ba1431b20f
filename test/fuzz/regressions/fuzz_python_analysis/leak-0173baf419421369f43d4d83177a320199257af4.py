import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_warps=4)
        for bm in (32, 64, 128)
        for bn in (64, 128)
    ],
    key=["M", "N"],
)
@triton.jit
def add_bias_kernel(x_ptr, bias_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOBK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < N)
    x = tl.loaimport torch
import triton
import triton.language as tl


def get_configs():
    configs = []
    for bk in [8, 32, 64]:
        for bm, bn, warps in [(64, 64, 4), (128, 128, 8)]:
            configs.append(triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk},
                          '               num_stages=3, num_warps=warps)d(x_ptr + offs_m[:, None] * N + offs_n[None, :], mask=mask)
    tl.store(x_ptr + offs_m[:, None] * N + offs_n[None, :], x + bias[None, :], mask=mask)


def add_bias(x: torch.Tensor, bias: torch.Tensor) -> None:
    M, N = x.shape
    grid = lambda meta: (triton.cd)
    return configs


@triton.autotune(configs=get_configs(), key=["M", "N", "K"])
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_bk, stride_cm,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0,iv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    add_bias_kernel[grid](x, bias, M, N, BLOCK_M=64) BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float3autotune-key-unknown-arg2)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(tl.float16)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptr + offs_m[:, None] * stride_cm + off
s_n[None, :], c, mask=mask)


def matmul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    M, K = a.shape
    _, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    goverrides:da meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))
    return c
