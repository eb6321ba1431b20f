# A guard btlint cannot decide: a name only one branch defines is read from
# it; a name both branches define, or one bound before the guard, is not
# known statically.
import triton
import triton.language as tl

from vendor_flags import prefer_large_tiles  # not the project's: undecided

SMALL = [triton.Config({"BLOCK_M": 32})]

if prefer_large_tiles():
    TILES = [triton.Config({"BLOCK_M": 256}), triton.Config({"BLOCK_M": 512})]
    LARGE_ONLY = [triton.Config({"BLOCK_M": 1024})]
    SMALL = SMALL + [triton.Config({"BLOCK_M": 64})]
else:
    TILES = [triton.Config({"BLOCK_M": 64}), triton.Config({"BLOCK_M": 128})]


@triton.autotune(configs=TILES, key=["M"])
@triton.jit
def both_branches(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) + 1, mask=offs < M)


@triton.autotune(configs=LARGE_ONLY, key=["M"])
@triton.jit
def one_branch(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) + 2, mask=offs < M)


@triton.autotune(configs=SMALL, key=["M"])
@triton.jit
def bound_before(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) + 3, mask=offs < M)
