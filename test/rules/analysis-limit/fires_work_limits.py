import triton
import triton.language as tl


def forever(n):
    return forever(n + 1)


@triton.autotune(
    configs=[triton.Config({"BLOCK": 2 ** (i % 4 + 4)}, num_warps=4) for i in range(100001) if i < 4],
    key=["n"],
)
@triton.jit
def over_the_iteration_limit(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))


@triton.autotune(configs=forever(0), key=["n"])
@triton.jit
def recursive_helper(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
