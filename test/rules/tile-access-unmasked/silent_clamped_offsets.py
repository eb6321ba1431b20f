import triton
import triton.language as tl


@triton.jit
def gather_rows_kernel(x_ptr, y_ptr, n_rows, stride, BLOCK_R: tl.constexpr = 32):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    safe_rows = tl.minimum(rows, n_rows - 1)
    picked = tl.where(rows < n_rows, rows, 0)
    x = tl.load(x_ptr + safe_rows * stride)
    z = tl.load(x_ptr + picked * stride)
    tl.store(y_ptr + rows, x + z, mask=rows < n_rows)
