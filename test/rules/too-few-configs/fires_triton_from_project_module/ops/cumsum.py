import torch

from ._triton import tl, triton


# `triton` and `tl` come from the package's own module: the decorators are
# still Triton's, and this two-config list is read and judged.
@triton.autotune(
    configs=[triton.Config({}, num_warps=w) for w in [2, 4]],
    key=["T"],
)
@triton.jit
def chunk_cumsum_kernel(x_ptr, out_ptr, T, BT: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BT + tl.arange(0, BT)
    mask = offs < T
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=0), mask=mask)


def chunk_cumsum(x, chunk=64):
    out = torch.empty_like(x, dtype=torch.float32)
    T = x.numel()
    chunk_cumsum_kernel[(triton.cdiv(T, chunk),)](x, out, T, BT=chunk)
    return out
