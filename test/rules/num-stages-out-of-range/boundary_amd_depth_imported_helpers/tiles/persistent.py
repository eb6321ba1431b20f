import triton
import triton.language as tl


@triton.jit
def walk_tiles(src_ptr, dst_ptr, n_tiles, pid, NUM_PROGRAMS: tl.constexpr, BLOCK: tl.constexpr):
    for tile in range(pid, n_tiles, NUM_PROGRAMS):
        offs = tile * BLOCK + tl.arange(0, BLOCK)
        tl.store(dst_ptr + offs, tl.load(src_ptr + offs))
