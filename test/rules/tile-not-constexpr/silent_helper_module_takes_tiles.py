# A module of device helpers shared by the kernels of other modules: no
# kernel here calls them, but each takes tiles its caller computed (row
# offsets and a row mask), which the host cannot pass, so their tile sizes
# arrive as the calling kernel's constexprs.
import triton
import triton.language as tl


@triton.jit
def store_zero_block(out_ptr, stride_row, stride_col, col_block, n_cols, rows, row_mask, BLOCK_ROWS, BLOCK_COLS,
                     out_dtype):
    zeros = tl.zeros((BLOCK_ROWS, BLOCK_COLS), dtype=out_dtype)
    cols = col_block * BLOCK_COLS + tl.arange(0, BLOCK_COLS)
    ptrs = out_ptr + rows[:, None] * stride_row + cols[None, :] * stride_col
    tl.store(ptrs, zeros, mask=row_mask[:, None] & (cols[None, :] < n_cols))
