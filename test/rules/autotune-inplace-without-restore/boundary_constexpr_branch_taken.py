import torch
import triton
import triton.language as tl

CONFIGS = [triton.Config({"BLOCK": b}, num_warps=w) for b in (256, 512, 1024) for w in (2, 4)]


# One launch takes each arm, so `x_ptr` is updated in place by the second.
@triton.autotune(configs=CONFIGS, key=["n"], restore_value=["y_ptr"])
@triton.jit
def add_into_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, INTO_Y: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    total = tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask)
    if INTO_Y:
        tl.store(y_ptr + offsets, total, mask=mask)
    else:
        tl.store(x_ptr + offsets, total, mask=mask)


# The arm depends on a run-time flag: both are possible.
@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def clamp_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, IN_PLACE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    value = tl.minimum(tl.maximum(tl.load(x_ptr + offsets, mask=mask), -1.0), 1.0)
    if IN_PLACE:
        tl.store(x_ptr + offsets, value, mask=mask)
    else:
        tl.store(out_ptr + offsets, value, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor, into_y: bool) -> None:
    n = x.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]), )
    if into_y:
        add_into_kernel[grid](x, y, n, INTO_Y=True)
    else:
        add_into_kernel[grid](x, y, n, INTO_Y=False)


def clamp(x: torch.Tensor, out: torch.Tensor, in_place: bool) -> None:
    n = x.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]), )
    clamp_kernel[grid](x, out, n, IN_PLACE=in_place)
