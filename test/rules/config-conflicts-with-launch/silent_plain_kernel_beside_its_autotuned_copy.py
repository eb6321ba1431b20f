import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


# The autotuner is bound to a new name: `scale_kernel` itself stays the plain
# kernel, which the fixed-size path launches with its own block and warps.
scale_kernel_autotuned = triton.autotune(
    configs=[triton.Config({"BLOCK": b}, num_warps=w) for b in (256, 512, 1024) for w in (4, 8)],
    key=["n"],
)(scale_kernel)


def scale(x, autotune=False):
    out = torch.empty_like(x)
    n = x.numel()
    if autotune:
        grid = lambda META: (triton.cdiv(n, META["BLOCK"]),)
        scale_kernel_autotuned[grid](x, out, n)
    else:
        scale_kernel[(triton.cdiv(n, 128),)](x, out, n, BLOCK=128, num_warps=4)
    return out
