import torch
import triton
import triton.language as tl


# An element-wise pass: each program scales one BLOCK of the flattened
# tensor, so `n_elements` only sets how many programs run and is rightly left
# out of the key. The row-tiled GEMM below keys N and K but not M, whose row
# tile the configs choose: M sizes the work there, also with its dot in a helper.
@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=w) for b in (512, 1024) for w in (4, 8)],
                 key=["hidden"])
@triton.jit
def scale_kernel(x_ptr, out_ptr, n_elements, hidden, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x * (offs % hidden), mask=mask)


@triton.jit
def _tile_product(a, b):
    return tl.dot(a, b)


@triton.autotune(configs=[triton.Config({"BLOCK_M": bm}, num_warps=w) for bm in (16, 64) for w in (4, 8)],
                 key=["N", "K"])
@triton.jit
def rows_gemm_kernel(a_ptr, b_ptr, c_ptr, M, N: tl.constexpr, K: tl.constexpr, BLOCK_M: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, N)
    offs_k = tl.arange(0, K)
    a = tl.load(a_ptr + offs_m[:, None] * K + offs_k[None, :], mask=offs_m[:, None] < M, other=0.0)
    b = tl.load(b_ptr + offs_k[:, None] * N + offs_n[None, :])
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], _tile_product(a, b), mask=offs_m[:, None] < M)


def scale(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(x.numel(), meta["BLOCK"]),)
    scale_kernel[grid](x, out, x.numel(), x.shape[-1])
    return out
