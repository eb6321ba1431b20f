import itertools

import triton
import triton.language as tl

BLOCKS = [64, 128]
STAGES = [2, 3, 4]
WARPS = [4, 8]


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": bm, "BLOCK_N": bm}, num_stages=s, num_warps=w)
        for bm, s, w in itertools.product(BLOCKS, STAGES, WARPS)
    ],
    key=["M", "N"],
)
@triton.jit
def copy_tiles_kernel(src_ptr, dst_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    tile = tl.load(src_ptr + rows[:, None] * N + cols[None, :], mask=mask)
    tl.store(dst_ptr + rows[:, None] * N + cols[None, :], tile, mask=mask)
