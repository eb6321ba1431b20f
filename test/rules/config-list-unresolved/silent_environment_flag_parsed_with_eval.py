import ast
import os

import triton
import triton.language as tl

# Debug switches read as Python literals from the environment: with the
# variable unset, each default is a literal, so the lists are known.
DEBUG = eval(os.environ.get("KERNELS_DEBUG", default="False"))
MAX_WARPS = ast.literal_eval(os.getenv("KERNELS_MAX_WARPS", "8"))
PRECISION = eval(os.environ.get("KERNELS_DOT_PRECISION", "'tf32'"))


def sweep(warps):
    configs = [triton.Config({"BLOCK": b}, num_warps=w) for b in (256, 512) for w in warps if w <= MAX_WARPS]
    return configs[:1] if DEBUG else configs


@triton.autotune(configs=sweep([2, 4, 8, 16]), key=["n"])
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


@triton.autotune(configs=sweep([4]) if PRECISION == "tf32" else [], key=["n"])
@triton.jit
def negate_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, -tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
