import triton
import triton.language as tl

CONFIGS = [triton.Config({"BLOCK": b}, num_warps=w) for b in (512, 1024) for w in (4, 8)]


# The replacement reads the old value (`current * 2`): each benchmark run
# doubles the masked elements again.
@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def masked_double_inplace_kernel(x_ptr, fill_mask_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    fill = tl.load(fill_mask_ptr + offsets, mask=mask, other=0).to(tl.int1)
    current = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(x_ptr + offsets, tl.where(fill, current * 2, current), mask=mask)


# The fill reads another address of the same buffer than it stores: a
# shifted copy, not an overwrite of the loaded elements.
@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def masked_shift_inplace_kernel(x_ptr, fill_mask_ptr, value, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n - 1
    fill = tl.load(fill_mask_ptr + offsets, mask=mask, other=0).to(tl.int1)
    neighbour = tl.load(x_ptr + offsets + 1, mask=mask, other=0.0)
    tl.store(x_ptr + offsets, tl.where(fill, value, neighbour), mask=mask)
