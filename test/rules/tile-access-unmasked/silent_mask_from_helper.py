import triton
import triton.language as tl


@triton.jit
def bounds_mask(offs, n):
    return offs < n


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 1024):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    # A mask built by a helper: btlint cannot read it and stays silent.
    x = tl.load(x_ptr + offs, mask=bounds_mask(offs, n), other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=offs < n)
