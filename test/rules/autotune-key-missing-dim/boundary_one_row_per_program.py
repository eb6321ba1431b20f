import torch
import triton
import triton.language as tl


# One row per program through a block pointer whose row block is 1: the row
# count only sets the grid and is rightly left out of the key. Below, the row
# count is keyed instead and the row length is not: the loop over the tuned
# BLOCK_X tiles of a row runs once per tile, so there x_size sizes the work.
@triton.autotune(
    configs=[triton.Config({"BLOCK_X": bx}, num_warps=w) for bx in (256, 512, 1024) for w in (4, 8)],
    key=["x_size"],
)
@triton.jit
def row_scale_kernel(out_ptr, in_ptr, y_size, x_size, y_stride, BLOCK_X: tl.constexpr):
    y = tl.program_id(0)
    block = tl.make_block_ptr(in_ptr, shape=(y_size, x_size), strides=(y_stride, 1), offsets=(y, 0),
                              block_shape=(1, BLOCK_X), order=(1, 0))
    out = tl.make_block_ptr(out_ptr, shape=(y_size, x_size), strides=(y_stride, 1), offsets=(y, 0),
                            block_shape=(1, BLOCK_X), order=(1, 0))
    for x in range(0, x_size, BLOCK_X):
        tl.store(out, tl.load(block, boundary_check=(1,)) * 2.0, boundary_check=(1,))
        block = tl.advance(block, (0, BLOCK_X))
        out = tl.advance(out, (0, BLOCK_X))


@triton.autotune(
    configs=[triton.Config({"BLOCK_X": bx, "BLOCK_Y": by}, num_warps=w)
             for bx in (256, 512) for by in (1, 8) for w in (4, 8)],
    key=["y_size"],
)
@triton.jit
def tile_scale_kernel(out_ptr, in_ptr, y_size, x_size, y_stride, BLOCK_X: tl.constexpr, BLOCK_Y: tl.constexpr):
    y = tl.program_id(0) * BLOCK_Y
    block = tl.make_block_ptr(in_ptr, shape=(y_size, x_size), strides=(y_stride, 1), offsets=(y, 0),
                              block_shape=(BLOCK_Y, BLOCK_X), order=(1, 0))
    out = tl.make_block_ptr(out_ptr, shape=(y_size, x_size), strides=(y_stride, 1), offsets=(y, 0),
                            block_shape=(BLOCK_Y, BLOCK_X), order=(1, 0))
    for x in range(0, x_size, BLOCK_X):
        tl.store(out, tl.load(block, boundary_check=(0, 1)) * 2.0, boundary_check=(0, 1))
        block = tl.advance(block, (0, BLOCK_X))
        out = tl.advance(out, (0, BLOCK_X))


def scale(x: torch.Tensor) -> torch.Tensor:
    y_size, x_size = x.shape
    out = torch.empty_like(x)
    row_scale_kernel[(y_size,)](out, x, y_size, x_size, x.stride(0))
    grid = lambda meta: (triton.cdiv(y_size, meta["BLOCK_Y"]),)
    tile_scale_kernel[grid](out, x, y_size, x_size, x.stride(0))
    return out
