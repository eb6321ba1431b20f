import triton
import triton.language as tl
A = [] * 10 ** 18
B = "" * (2 ** 62)
C = [0, 0, 0, 0] * (2 ** 62)
D = "abcd" * (2 ** 62)
E = [0] * -5

@triton.autotune(configs=[triton.Config({"BLOCK": 32}, num_warps=4)] + A + C, key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
