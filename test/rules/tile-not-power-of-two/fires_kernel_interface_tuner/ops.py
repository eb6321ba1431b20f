import triton
import triton.language as tl

from .sweep import sweep, sweep_by_key


@sweep(
    configs=[triton.Config({"BLOCK": b}, num_warps=4) for b in (128, 256, 384)],
    key=["n_elements"],
    rounds=4,
)
@triton.jit
def scale_kernel(x_ptr, y_ptr, scale, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * scale, mask=mask)


@sweep_by_key(["n_elements"], [triton.Config({"BLOCK": 64}), triton.Config({"BLOCK": 48})])
@triton.jit
def clamp_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    tl.store(y_ptr + offsets, tl.minimum(tl.load(x_ptr + offsets, mask=mask), 1.0), mask=mask)
