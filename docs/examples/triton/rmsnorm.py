"""Row-wise RMSNorm for hidden sizes up to 1024: one program per row.

Planted mistake (docs/examples/README.md): someone added BLOCK_SIZE = 768 to
the configs to match a 768-wide model. `tl.arange` extents must be powers of
two, so that config fails to compile and the autotuner silently skips it.
"""
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 512}, num_warps=2),
        triton.Config({"BLOCK_SIZE": 768}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=8),
    ],
    key=["n_cols"],
)
@triton.jit
def rmsnorm_kernel(x_ptr, weight_ptr, out_ptr, n_cols, row_stride, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean_square = tl.sum(x * x, axis=0) / n_cols
    scale = 1.0 / tl.sqrt(mean_square + eps)
    w = tl.load(weight_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(out_ptr + row * row_stride + cols, (x * scale * w).to(tl.float16), mask=mask)


def rmsnorm(x: torch.Tensor, weight: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    rows, n_cols = x.shape
    assert n_cols <= 1024
    out = torch.empty_like(x)
    rmsnorm_kernel[(rows,)](x, weight, out, n_cols, x.stride(0), eps)
    return out
