import torch
import triton
import triton.language as tl


@triton.jit
def axpy_kernel(x_ptr, y_ptr, n, alpha, BLOCK: tl.constexpr, EVEN_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN_N:
        x = tl.load(x_ptr + offs)
        y = tl.load(y_ptr + offs)
        tl.store(y_ptr + offs, alpha * x + y)
    else:
        x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
        y = tl.load(y_ptr + offs, mask=offs < n, other=0.0)
        tl.store(y_ptr + offs, alpha * x + y, mask=offs < n)


def axpy(x, y, alpha):
    n = x.numel()
    block = 1024
    axpy_kernel[(triton.cdiv(n, block),)](x, y, n, alpha, BLOCK=block, EVEN_N=n % block == 0)
