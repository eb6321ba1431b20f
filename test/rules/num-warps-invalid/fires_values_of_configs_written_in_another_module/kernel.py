import triton
import triton.language as tl

from tuning import SCALE_CONFIGS


# The configs are written in tuning.py, so every finding is reported at this
# list: each value the configs bring is its own finding (4 is fine, 3 and 12
# are not), and configs that bring the same value share one.
@triton.autotune(configs=SCALE_CONFIGS, key=["n"])
@triton.jit
def scale(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
