import triton
import triton.language as tl


@triton.jit
def mean_square(x, n_cols):
    return tl.sum(x * x, axis=0) / n_cols
