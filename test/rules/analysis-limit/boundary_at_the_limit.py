import triton
import triton.language as tl


def depth(n):
    # 16 nested calls: the deepest the evaluator follows.
    return [triton.Config({"BLOCK": 64}, num_warps=4)] if n == 0 else depth(n - 1)


@triton.autotune(
    configs=[triton.Config({"BLOCK": 2 ** (i % 4 + 4)}, num_warps=4) for i in range(100000) if i < 4],
    key=["n"],
)
@triton.jit
def exactly_at_the_iteration_limit(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))


@triton.autotune(configs=depth(15), key=["n"])
@triton.jit
def at_the_call_depth_limit(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
