import os

import torch
import triton
import triton.language as tl

BLOCKS = (64, 128, 256)


def tuned(configs):
    # Deterministic mode is a switch of the running program, off by default.
    if torch.are_deterministic_algorithms_enabled() or os.environ.get("ONE_CONFIG"):
        return configs[:1]
    return configs


@triton.autotune(
    configs=tuned([triton.Config({"BLOCK_M": b}, num_warps=w) for b in BLOCKS for w in (4, 8)]),
    key=["M"],
)
@triton.jit
def comprehension_through_helper(a_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(a_ptr + offs, tl.load(a_ptr + offs, mask=offs < M), mask=offs < M)


@triton.autotune(configs=[triton.Config({"BLOCK_M": 32}), triton.Config({"BLOCK_M": 64})], key=["M"])
@triton.jit
def literal_list(a_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(a_ptr + offs, tl.load(a_ptr + offs, mask=offs < M), mask=offs < M)
