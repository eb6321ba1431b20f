import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK": b}, num_warps=4) for b in (64, 128, 256)],
    key=["n"],
)
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


def scale(x: torch.Tensor) -> torch.Tensor:
    n = x.numel()

    # A local of the grid function that does not come from META is as fixed
    # as a literal: the grid launches 128-wide programs whatever BLOCK is.
    def grid(META):
        BLOCK = 128
        return (triton.cdiv(n, BLOCK),)

    scale_kernel[grid](x, n)
    return x
