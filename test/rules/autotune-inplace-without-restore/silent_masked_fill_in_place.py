import triton
import triton.language as tl

CONFIGS = [triton.Config({"BLOCK": b}, num_warps=w) for b in (512, 1024) for w in (4, 8)]


# masked_fill_: where the mask is set, the element becomes `value`; elsewhere
# it keeps what it held. Running it twice gives the same tensor.
@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def masked_fill_inplace_kernel(x_ptr, fill_mask_ptr, value, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    fill = tl.load(fill_mask_ptr + offsets, mask=mask, other=0).to(tl.int1)
    current = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    filled = tl.where(fill, value, current)
    tl.store(x_ptr + offsets, filled, mask=mask)


# A floor applied in place: max(x, floor) again changes nothing.
@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def floor_inplace_kernel(x_ptr, floor, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(x_ptr + offsets, tl.maximum(tl.load(x_ptr + offsets, mask=mask), floor), mask=mask)
