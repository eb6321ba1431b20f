import os

import triton
import triton.language as tl
from vendored_tuning.matmul import MATMUL_CONFIGS


@triton.autotune(configs=MATMUL_CONFIGS, key=["M", "N"])
@triton.jit
def from_another_package(a_ptr, M, N, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(a_ptr + offs, tl.load(a_ptr + offs, mask=offs < M), mask=offs < M)


def pick_configs():
    # How many host cores the process sees is known only when it runs.
    if os.cpu_count() > 8:
        return [triton.Config({"BLOCK_M": 128}, num_warps=8)]
    return [triton.Config({"BLOCK_M": 64}, num_warps=4)]


@triton.autotune(configs=pick_configs(), key=["M"])
@triton.jit
def chosen_at_run_time(a_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(a_ptr + offs, tl.load(a_ptr + offs, mask=offs < M), mask=offs < M)
