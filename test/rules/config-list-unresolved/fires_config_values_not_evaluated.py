# The list is read whole, but one option of every config comes from a value
# known only at run time: the configs are judged with it unknown, and the
# finding says which value and why.
import os

import triton
import triton.language as tl

STAGES = int(os.environ["KERNELS_PIPELINE_DEPTH"])


@triton.autotune(
    configs=[triton.Config({"BLOCK": b}, num_warps=4, num_stages=STAGES) for b in (64, 128, 256)]
    + [triton.Config({"BLOCK": 512}, num_warps=8, num_stages=2)],
    key=["n"],
)
@triton.jit
def depth_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
