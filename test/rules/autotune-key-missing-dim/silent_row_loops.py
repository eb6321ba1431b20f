import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({}, num_warps=w) for w in (2, 4, 8, 16)],
    key=["n_cols"],
)
@triton.jit
def layer_norm_bwd_weights_kernel(x_ptr, dy_ptr, dw_ptr, n_rows, n_cols, rows_per_program,
                                  BLOCK_COLS: tl.constexpr):
    # Each program walks its rows one at a time: the row count changes how long
    # the loop runs, not which warp count suits a row of n_cols.
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK_COLS)
    mask = cols < n_cols
    dw = tl.zeros((BLOCK_COLS,), dtype=tl.float32)
    first = pid * rows_per_program
    last = min(first + rows_per_program, n_rows)
    for row in range(first, last):
        x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
        dy = tl.load(dy_ptr + row * n_cols + cols, mask=mask, other=0.0)
        dw += x * dy
    tl.store(dw_ptr + pid * n_cols + cols, dw, mask=mask)


@triton.autotune(
    configs=[triton.Config({"BLOCK_COLS": b}, num_warps=w) for b in (1024, 2048) for w in (4, 8)],
    key=["n_cols"],
)
@triton.jit
def scale_rows_persistent_kernel(x_ptr, s_ptr, n_rows, n_cols, BLOCK_COLS: tl.constexpr):
    # A grid-stride loop over rows: same reasoning.
    cols = tl.program_id(0) * BLOCK_COLS + tl.arange(0, BLOCK_COLS)
    mask = cols < n_cols
    for row in range(tl.program_id(1), n_rows, tl.num_programs(1)):
        s = tl.load(s_ptr + row)
        x = tl.load(x_ptr + row * n_cols + cols, mask=mask)
        tl.store(x_ptr + row * n_cols + cols, x * s, mask=mask)


def layer_norm_bwd_weights(x: torch.Tensor, dy: torch.Tensor, sm_count: int) -> torch.Tensor:
    n_rows, n_cols = x.shape
    rows_per_program = triton.cdiv(n_rows, sm_count)
    dw = torch.empty((sm_count, n_cols), device=x.device, dtype=torch.float32)
    layer_norm_bwd_weights_kernel[(sm_count,)](x, dy, dw, n_rows, n_cols, rows_per_program,
                                               BLOCK_COLS=triton.next_power_of_2(n_cols))
    return dw.sum(0)
