import triton
import triton.language as tl
def grow():
    s = "ab"
    while True:
        s = s + s
    return s


S = grow()
T = [1]
for _ in range(10 ** 9):
    T = T + T

@triton.autotune(configs=[triton.Config({"BLOCK": len(S)}, num_warps=4) for _ in T], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
