import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, factor, BLOCK: tl.constexpr, EVEN: tl.constexpr = False):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs) if EVEN else tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x * factor, mask=mask)


def scale(x, factor, **launch_options):
    y = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, 1024),)
    # Parameters by keyword, compile and launch options, keywords passed on.
    scale_kernel[grid](x_ptr=x, y_ptr=y, n=n, factor=factor, BLOCK=1024, EVEN=n % 1024 == 0, num_warps=4,
                       num_stages=1, enable_fp_fusion=False, debug=False, maxnreg=128)
    scale_kernel[grid](x, y, n, factor, **launch_options)
    return y
