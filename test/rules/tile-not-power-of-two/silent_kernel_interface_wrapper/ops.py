import triton
import triton.language as tl

from .profiled import profiled


@profiled([triton.Config({"BLOCK": 96}), triton.Config({"BLOCK": 128})], label="relu")
@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    tl.store(y_ptr + offsets, tl.maximum(tl.load(x_ptr + offsets, mask=mask), 0.0), mask=mask)


def relu(x, y, n_elements):
    relu_kernel[(triton.cdiv(n_elements, 128),)](x, y, n_elements, BLOCK=128)
