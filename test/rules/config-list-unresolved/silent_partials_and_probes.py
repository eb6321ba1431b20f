# Lists built with functools.partial, and guards that test the project's own
# values (hasattr, callable) or import a submodule of a package already bound.
import functools

import torch
import triton
import triton.language as tl

from vendor_runtime import running_internally  # not the project's: undecided

if not running_internally():
    import triton.tools.experimental_descriptor  # binds `triton` again: the same package


def make_config(block_m, num_warps=4, num_stages=2):
    return triton.Config({"BLOCK_M": block_m}, num_warps=num_warps, num_stages=num_stages)


wide = functools.partial(make_config, num_warps=8)
PARTIAL_CONFIGS = [wide(m) for m in (64, 128)] + list(map(functools.partial(make_config, num_stages=3), [32]))

# One GPU of the target arch: the per-device query is answered for it.
SHARED_PER_DEVICE = [torch.cuda.get_device_capability(i) for i in range(torch.cuda.device_count())]
DEFAULTS = {"block": 64 if SHARED_PER_DEVICE[0] >= (9, 0) else 32}
PROBED_CONFIGS = [make_config(DEFAULTS["block"])] if hasattr(DEFAULTS, "get") and callable(make_config) else []


@triton.autotune(configs=PARTIAL_CONFIGS, key=["M"])
@triton.jit
def partial_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) * 2, mask=offs < M)


@triton.autotune(configs=PROBED_CONFIGS, key=["M"])
@triton.jit
def probed_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) * 3, mask=offs < M)
