# The tuning profile comes from the environment; .btlint.yaml says which one
# the project lints, so the list is read whole (no note).
import os

import triton
import triton.language as tl

PROFILES = {
    "narrow": [32, 64],
    "wide": [128, 256, 512],
}
PROFILE = os.environ.get("KERNELS_TUNING_PROFILE", "narrow")
FAST = os.environ["KERNELS_FAST_MATH"] == "1" and "KERNELS_FAST_MATH" in os.environ
WARPS = 8 if FAST else 4


@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=WARPS) for b in PROFILES[PROFILE]], key=["n"])
@triton.jit
def profile_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
