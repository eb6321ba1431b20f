import triton
import triton.language as tl

from .tuners import logged_autotune


@logged_autotune([triton.Config({"BLOCK": 256}), triton.Config({"BLOCK": 320})], ["n_elements"])
@triton.jit
def square_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, x * x, mask=mask)
