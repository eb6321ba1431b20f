# Two kernels behind the project's deferred decorators, both reading and
# writing `out_ptr` in place: the first is autotuned (the factory was given
# triton.autotune) and is reported; the second's decorator was given another
# of triton's callables, so no autotuner reruns it and it stays silent.
import torch

from accel.lang import kernel_autotune, kernel_jit, kernel_traced, tl, tl_constexpr, triton


@kernel_autotune(configs=[triton.Config({"BLOCK": b}, num_warps=4) for b in (256, 512, 1024)], key=["n"])
@kernel_jit()
def scale_add_kernel(x_ptr, out_ptr, alpha, n, BLOCK: tl_constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    value = tl.load(x_ptr + offs, mask=mask, other=0.0) * alpha
    value += tl.load(out_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, value, mask=mask)


@kernel_traced(configs=[])
@kernel_jit()
def scale_add_once_kernel(x_ptr, out_ptr, alpha, n, BLOCK: tl_constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    value = tl.load(x_ptr + offs, mask=mask, other=0.0) * alpha
    value += tl.load(out_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, value, mask=mask)


def scale_add(x: torch.Tensor, out: torch.Tensor, alpha: float) -> torch.Tensor:
    n = x.numel()
    scale_add_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, out, alpha, n)
    scale_add_once_kernel[(triton.cdiv(n, 1024),)](x, out, alpha, n, BLOCK=1024)
    return out
