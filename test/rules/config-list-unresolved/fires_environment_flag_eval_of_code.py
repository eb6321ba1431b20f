import os

import triton
import triton.language as tl

# `eval` of text that is code, not one literal: btlint never runs it, so the
# switch and the list that depends on it stay unknown.
WIDE_SWEEP = eval(os.environ.get("KERNELS_WIDE_SWEEP", default="len(os.sched_getaffinity(0)) > 8"))

CONFIGS = [triton.Config({"BLOCK": b}, num_warps=4) for b in ((256, 512, 1024) if WIDE_SWEEP else (256,))]


@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)
