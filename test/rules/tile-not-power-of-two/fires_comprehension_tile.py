import torch
import triton
import triton.language as tl

# A sweep that slipped a 96-wide tile in between the powers of two.
ROW_CONFIGS = [
    triton.Config({"BLOCK_N": bn}, num_warps=w)
    for bn in [64, 96, 128]
    for w in [4, 8]
]


@triton.autotune(configs=ROW_CONFIGS, key=["n_cols"])
@triton.jit
def row_softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * n_cols + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * n_cols + cols, num / tl.sum(num, axis=0), mask=mask)


def row_softmax(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n_rows, n_cols = x.shape
    row_softmax_kernel[(n_rows,)](out, x, n_cols)
    return out
