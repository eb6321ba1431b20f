# btlint-test: --arch gfx942
import torch
import triton
import triton.language as tl


@triton.jit
def _copy_tiles(src_ptr, dst_ptr, n_tiles, pid, NUM_PROGRAMS: tl.constexpr, BLOCK: tl.constexpr):
    # A persistent walk over tiles: the loop lives here, not in the kernel.
    for tile in range(pid, n_tiles, NUM_PROGRAMS):
        offs = tile * BLOCK + tl.arange(0, BLOCK)
        tl.store(dst_ptr + offs, tl.load(src_ptr + offs))


@triton.jit
def persistent_copy_kernel(src_ptr, dst_ptr, n_tiles, NUM_PROGRAMS: tl.constexpr, BLOCK: tl.constexpr):
    _copy_tiles(src_ptr, dst_ptr, n_tiles, tl.program_id(0), NUM_PROGRAMS, BLOCK)


@triton.jit
def single_tile_copy_kernel(src_ptr, dst_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs))


def copy(src, dst, programs=304, block=1024):
    n_tiles = src.numel() // block
    # The loop in the helper is pipelined: a third stage costs LDS.
    persistent_copy_kernel[(programs,)](src, dst, n_tiles, NUM_PROGRAMS=programs, BLOCK=block, num_stages=3)
    # No loop at all: the same depth is inert.
    single_tile_copy_kernel[(n_tiles,)](src, dst, BLOCK=block, num_stages=3)
