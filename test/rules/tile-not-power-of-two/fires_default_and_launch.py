import torch
import triton
import triton.language as tl


@triton.jit
def fill_kernel(out_ptr, value, n_elements, BLOCK_SIZE: tl.constexpr = 1000):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    tl.store(out_ptr + offsets, tl.full((BLOCK_SIZE,), value, tl.float32), mask=offsets < n_elements)


@triton.jit
def pairwise_kernel(x_ptr, out_ptr, n_elements, HALF: tl.constexpr):
    # Two halves side by side: the tile is 2 * HALF wide.
    offsets = tl.program_id(0) * 2 * HALF + tl.arange(0, 2 * HALF)
    x = tl.load(x_ptr + offsets, mask=offsets < n_elements)
    tl.store(out_ptr + offsets, x * 2, mask=offsets < n_elements)


def fill(out: torch.Tensor, value: float) -> None:
    n = out.numel()
    fill_kernel[(triton.cdiv(n, 1000),)](out, value, n)


def double(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n = x.numel()
    pairwise_kernel[(triton.cdiv(n, 96),)](x, out, n, HALF=48)
    return out
