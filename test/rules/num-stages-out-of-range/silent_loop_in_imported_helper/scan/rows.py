import triton
import triton.language as tl


@triton.jit
def accumulate_rows(x_ptr, row_start, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # The walk over row blocks lives here: its loads are what the pipeliner
    # overlaps for the kernels that call this helper.
    cols = tl.arange(0, BLOCK_C)
    acc = tl.zeros((BLOCK_C,), dtype=tl.float32)
    for start in range(row_start, n_rows, BLOCK_R):
        rows = start + tl.arange(0, BLOCK_R)
        mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
        acc += tl.sum(tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=mask, other=0.0), axis=0)
    return acc
