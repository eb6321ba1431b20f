import triton
import triton.language as tl
from vendored_tuning import EXTRA_CONFIG

# Two configs are read; the one the third-party module adds is not.
CONFIGS = [triton.Config({"BLOCK_M": 64}, num_warps=4), triton.Config({"BLOCK_M": 128}, num_warps=4), EXTRA_CONFIG]


@triton.autotune(configs=CONFIGS, key=["M"])
@triton.jit
def partly_read(a_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(a_ptr + offs, tl.load(a_ptr + offs, mask=offs < M), mask=offs < M)
