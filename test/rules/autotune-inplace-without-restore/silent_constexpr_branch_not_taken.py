import torch
import triton
import triton.language as tl

CONFIGS = [triton.Config({"BLOCK": b}, num_warps=w) for b in (256, 512, 1024) for w in (2, 4)]


# Adds two vectors into one of them; which one is a compile-time choice.
# Every specialisation writes only the output it is told to, and only
# `y_ptr` is written in place by the launches below, which restore it.
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


# The same choice made with `not`, and a default the launch keeps.
@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def scale_kernel(x_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, OUT_OF_PLACE: tl.constexpr = True):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    value = tl.load(x_ptr + offsets, mask=mask) * scale
    if not OUT_OF_PLACE:
        tl.store(x_ptr + offsets, value, mask=mask)
    else:
        tl.store(out_ptr + offsets, value, mask=mask)


def add_into_y(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    n = x.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]), )
    add_into_kernel[grid](x, y, n, INTO_Y=True)
    return y


def scaled(x: torch.Tensor, scale: float) -> torch.Tensor:
    out = torch.empty_like(x)
    n = x.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]), )
    scale_kernel[grid](x, out, n, scale)
    return out
