import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_ROWS": 1}, num_warps=1),
        triton.Config({"BLOCK_ROWS": 16}, num_warps=2),
        triton.Config({"BLOCK_ROWS": 17}, num_warps=2),
        triton.Config({"BLOCK_ROWS": 32}, num_warps=4),
    ],
    key=["n_rows"],
)
@triton.jit
def gather_rows_kernel(idx_ptr, src_ptr, dst_ptr, n_rows, ROW_WIDTH: tl.constexpr,
                       BLOCK_ROWS: tl.constexpr):
    # 1 is 2**0 and a valid extent; 17 is one past a power of two.
    rows = tl.program_id(0) * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    cols = tl.arange(0, ROW_WIDTH)
    idx = tl.load(idx_ptr + rows, mask=rows < n_rows, other=0)
    vals = tl.load(src_ptr + idx[:, None] * ROW_WIDTH + cols[None, :], mask=rows[:, None] < n_rows)
    tl.store(dst_ptr + rows[:, None] * ROW_WIDTH + cols[None, :], vals, mask=rows[:, None] < n_rows)
