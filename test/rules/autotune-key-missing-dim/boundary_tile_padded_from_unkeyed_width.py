import torch
import triton
import triton.language as tl


def block_and_warps(n_cols):
    block = triton.next_power_of_2(n_cols)
    return block, 8 if block >= 2048 else 4


# The row tile is the width padded to a power of two, but the key leaves the
# width out: `n_cols` sizes the tile and `n_rot` masks a tile the key does not fix.
@triton.autotune(configs=[triton.Config({}, num_warps=w, num_stages=s) for w in (2, 4, 8) for s in (1, 2)],
                 key=["n_rows"])
@triton.jit
def rope_rows_bwd_kernel(dy_ptr, dx_ptr, cos_ptr, n_rows, n_cols, n_rot, rows_per_program,
                         BLOCK_SIZE: tl.constexpr):
    start = tl.program_id(0) * rows_per_program
    end = tl.minimum(start + rows_per_program, n_rows)
    cols = tl.arange(0, BLOCK_SIZE)
    in_row = cols < n_cols
    rotated = cols < n_rot
    for row in range(start, end):
        dy = tl.load(dy_ptr + row * n_cols + cols, mask=in_row, other=0.0)
        c = tl.load(cos_ptr + row * n_rot + cols, mask=rotated, other=1.0)
        tl.store(dx_ptr + row * n_cols + cols, dy * c, mask=in_row)


def rope_rows_bwd(dy: torch.Tensor, cos: torch.Tensor, n_rot: int) -> torch.Tensor:
    n_rows, n_cols = dy.shape
    BLOCK_SIZE, _ = block_and_warps(n_cols)
    rows_per_program = triton.cdiv(n_rows, 264)
    dx = torch.empty_like(dy)
    rope_rows_bwd_kernel[(triton.cdiv(n_rows, rows_per_program),)](
        dy, dx, cos, n_rows, n_cols, n_rot, rows_per_program, BLOCK_SIZE=BLOCK_SIZE)
    return dx
