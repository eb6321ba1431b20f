# The kernel is a Triton kernel (its body calls tl.program_id and tl.load)
# behind the project's own decorators; with ACCUMULATE the output is read and
# written back, and the autotuner runs every config on the same buffer.
import torch

from accel.lang import kernel_autotune, kernel_jit, tl, tl_constexpr, triton


@kernel_autotune(configs=[triton.Config({"BLOCK": b}, num_warps=4) for b in (256, 512, 1024)], key=["n"])
@kernel_jit()
def scale_add_kernel(x_ptr, out_ptr, alpha, n, ACCUMULATE: tl_constexpr, BLOCK: tl_constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    value = tl.load(x_ptr + offs, mask=mask, other=0.0) * alpha
    if ACCUMULATE:
        value += tl.load(out_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, value, mask=mask)


def scale_add(x: torch.Tensor, out: torch.Tensor, alpha: float, accumulate: bool) -> torch.Tensor:
    n = x.numel()
    scale_add_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, out, alpha, n, accumulate)
    return out
