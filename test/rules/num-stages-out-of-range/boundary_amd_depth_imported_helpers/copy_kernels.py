# btlint-test: --arch gfx942
import torch
import triton
import triton.language as tl

from fastmath import fast_exp
from tiles import scale_tile, walk_tiles


@triton.jit
def scaled_copy_kernel(src_ptr, dst_ptr, scale, BLOCK: tl.constexpr):
    # No loop here nor in the imported elementwise helper: the depth is inert.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, scale_tile(tl.load(src_ptr + offs), scale))


@triton.jit
def persistent_copy_kernel(src_ptr, dst_ptr, n_tiles, NUM_PROGRAMS: tl.constexpr, BLOCK: tl.constexpr):
    # The imported helper walks the tiles: a third stage costs LDS.
    walk_tiles(src_ptr, dst_ptr, n_tiles, tl.program_id(0), NUM_PROGRAMS, BLOCK)


@triton.jit
def exp_copy_kernel(src_ptr, dst_ptr, BLOCK: tl.constexpr):
    # `fastmath` is not part of the run: its helper may hold a loop.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, fast_exp(tl.load(src_ptr + offs)))


def copies(src, dst, programs=304, block=1024):
    n_tiles = src.numel() // block
    scaled_copy_kernel[(n_tiles,)](src, dst, 2.0, BLOCK=block, num_stages=3)
    persistent_copy_kernel[(programs,)](src, dst, n_tiles, NUM_PROGRAMS=programs, BLOCK=block, num_stages=3)
    exp_copy_kernel[(n_tiles,)](src, dst, BLOCK=block, num_stages=3)
