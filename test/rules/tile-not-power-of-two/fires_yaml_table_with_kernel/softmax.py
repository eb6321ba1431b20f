import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr, ROWS: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    rows = tl.arange(0, ROWS * 2)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=float("-inf"))
    y = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * n_cols + cols + tl.sum(rows), y / tl.sum(y, axis=0), mask=cols < n_cols)
