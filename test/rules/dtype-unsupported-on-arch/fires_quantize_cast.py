# btlint-test: --arch sm80
import torch
import triton
import triton.language as tl


@triton.jit
def quantize_e4m3_kernel(x_ptr, out_ptr, scale_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # No tl.dot at all: the cast alone makes the kernel fail to compile on sm80.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    scale = tl.load(scale_ptr)
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, (x / scale).to(tl.float8e4nv), mask=mask)


def quantize(x: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    out = torch.empty(x.shape, device=x.device, dtype=torch.float8_e4m3fn)
    n = x.numel()
    quantize_e4m3_kernel[(triton.cdiv(n, 1024),)](x, out, scale, n, BLOCK_SIZE=1024)
    return out
