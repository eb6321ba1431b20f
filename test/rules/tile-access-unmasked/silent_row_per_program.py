import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK_N: tl.constexpr = 1024):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    # One program per row: the row index is not a tile walk, the columns are masked.
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(y_ptr + row * stride + cols, e / tl.sum(e, axis=0), mask=cols < n_cols)
