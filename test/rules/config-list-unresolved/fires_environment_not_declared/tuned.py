# Without a declared value a variable reads as unset: `.get` takes its
# default, `os.environ[...]` has no value, and the note says how to declare it.
import os

import triton
import triton.language as tl

PROFILES = {"narrow": [32, 64], "wide": [128, 256, 512]}
WIDE = os.environ.get("KERNELS_WIDE_TILES")
PROFILE = "wide" if WIDE else os.environ["KERNELS_TUNING_PROFILE"]


@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=4) for b in PROFILES[PROFILE]], key=["n"])
@triton.jit
def profile_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
