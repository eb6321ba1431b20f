import ast
import os

import triton
import triton.language as tl

# The literals `eval` reads, each at its edge: a signed integer with an
# underscore, a float in exponent form, `None`, padding around the text; and
# one it does not: a quoted string with an escape inside.
MIN_BLOCK = eval(os.environ.get("KERNELS_MIN_BLOCK", " +1_024 "))
SCALE = ast.literal_eval(os.environ.get("KERNELS_SCALE", "5e-1"))
OVERRIDE = eval(os.environ.get("KERNELS_OVERRIDE", "None"))
TAG = eval(os.environ.get("KERNELS_TAG", "'wide\\tsweep'"))

BLOCKS = [b for b in (512, 1024, 2048) if b >= MIN_BLOCK and SCALE < 1 and OVERRIDE is None]


@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=8) for b in BLOCKS], key=["n"])
@triton.jit
def read_literals(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)


@triton.autotune(configs=[triton.Config({"BLOCK": 1024}, num_warps=8)] * (TAG == "wide sweep"), key=["n"])
@triton.jit
def escaped_text_not_read(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) - 1, mask=offs < n)
