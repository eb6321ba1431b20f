import triton
import triton.language as tl


@triton.jit
def column_sum_kernel(x_ptr, out_ptr, n_rows, n_cols, ROWS_PER_STEP, BLOCK_COLS: tl.constexpr):
    # ROWS_PER_STEP reaches a tile shape only through a local name: it still
    # sizes a tile and must be a constexpr.
    pid = tl.program_id(0)
    rows_in_tile = ROWS_PER_STEP
    cols = pid * BLOCK_COLS + tl.arange(0, BLOCK_COLS)
    acc = tl.zeros((BLOCK_COLS,), dtype=tl.float32)
    for start in range(0, n_rows, rows_in_tile):
        rows = start + tl.arange(0, rows_in_tile)
        mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
        tile = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=mask, other=0.0)
        acc += tl.sum(tile, axis=0)
    tl.store(out_ptr + cols, acc, mask=cols < n_cols)


@triton.jit
def row_max_kernel(x_ptr, out_ptr, n_cols, BLOCK_COLS: tl.constexpr):
    # n_cols bounds the mask only: a run-time int is right here.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_COLS)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=float("-inf"))
    tl.store(out_ptr + row, tl.max(x, axis=0))
