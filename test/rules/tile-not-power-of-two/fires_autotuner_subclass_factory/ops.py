# An operator library's own autotuning decorators: `tuned` builds a caching
# subclass of triton's Autotuner chosen by a `policy` argument, `cached`
# instantiates the subclass directly. Both lists are read.
import triton
import triton.language as tl

from .tuning import cached, tuned


@tuned(
    configs=[triton.Config({"BLOCK": b}, num_warps=4) for b in (256, 512, 768)],
    key=["n_elements"],
    warmup=5,
)
@triton.jit
def relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, tl.maximum(x, 0.0), mask=mask)


@cached([triton.Config({"BLOCK": 96}), triton.Config({"BLOCK": 128})], ["n_elements"])
@triton.jit
def neg_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    tl.store(y_ptr + offsets, -tl.load(x_ptr + offsets, mask=mask), mask=mask)
