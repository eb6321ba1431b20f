import triton
import triton.language as tl
def f(n):
    return f(n + 1)


def g(n):
    return [g(n) for _ in range(8)]

@triton.autotune(configs=f(0) + g(0), key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
