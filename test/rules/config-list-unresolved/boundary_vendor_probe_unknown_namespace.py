# A probe of a `torch` attribute no vendor plugin in btlint's table adds
# depends on the PyTorch installed: the list stays unread and btlint says so.
# The plugin probe before it is answered for the target arch.
import torch
import triton
import triton.language as tl


def block_sizes():
    if hasattr(torch, "musa"):
        return [1024]
    if hasattr(torch, "experimental_accelerator"):
        return [256]
    return [64, 128]


@triton.autotune(configs=[triton.Config({"BLOCK": b}) for b in block_sizes()], key=["n"])
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 3, mask=offs < n)
