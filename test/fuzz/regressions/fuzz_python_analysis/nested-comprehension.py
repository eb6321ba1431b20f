import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({"BLOCK": 2 ** (a % 8)}, num_warps=4) for a in range(10 ** 6) for b in range(10 ** 6) for c in range(10 ** 6)], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
