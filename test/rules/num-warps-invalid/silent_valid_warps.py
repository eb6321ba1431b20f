import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 2048}, num_warps=w) for w in (1, 2, 4, 8, 16, 32)],
    key=["n_elements"],
)
@triton.jit
def abs_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.abs(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(in_ptr + row * n_cols + cols, mask=cols < n_cols, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * n_cols + cols, e / tl.sum(e, axis=0), mask=cols < n_cols)


def softmax(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    block = triton.next_power_of_2(n_cols)
    # A warp ladder computed at run time: unknown here, so not judged.
    num_warps = 4
    if block >= 2048:
        num_warps = 8
    if block >= 4096:
        num_warps = 16
    softmax_kernel[(n_rows,)](out, x, n_cols, BLOCK_SIZE=block, num_warps=num_warps)
    return out
