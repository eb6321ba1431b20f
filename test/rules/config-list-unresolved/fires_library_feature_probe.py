# Whether another library has an attribute depends on the version installed,
# which btlint does not know: the list is reported as not read.
import torch
import triton
import triton.language as tl

HAS_WARP_SPECIALIZATION = hasattr(torch, "float8_e8m0fnu")


def warp_specialized_configs():
    if not HAS_WARP_SPECIALIZATION:
        return []
    return [triton.Config({"BLOCK_M": 128}, num_warps=4, num_consumer_groups=2)]


@triton.autotune(configs=warp_specialized_configs(), key=["M"])
@triton.jit
def probe_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) + 1, mask=offs < M)
