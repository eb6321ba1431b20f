import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.reshape(x)
    z = tl.view(y)
    tl.store(x_ptr + tl.arange(0, BLOCK), z)
