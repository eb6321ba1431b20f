import triton
import triton.language as tl


@triton.jit
def zero_block_kernel(out_ptr, stride_row, n_rows, n_cols, BLOCK_ROWS, BLOCK_COLS: tl.constexpr):
    # The new axis is put on a local tile the kernel builds itself, not on a
    # parameter: nothing says a kernel calls this, and the host launching it
    # passes `BLOCK_ROWS` as a run-time int.
    rows = tl.program_id(0) * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    cols = tl.arange(0, BLOCK_COLS)
    zeros = tl.zeros((BLOCK_ROWS, BLOCK_COLS), dtype=tl.float32)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    tl.store(out_ptr + rows[:, None] * stride_row + cols[None, :], zeros, mask=mask)
