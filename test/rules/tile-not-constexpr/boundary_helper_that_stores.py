import triton
import triton.language as tl


@triton.jit
def store_row(out_ptr, row, values, n_cols, width):
    # Called by a kernel below: `width` arrives as that kernel's constexpr.
    cols = tl.arange(0, width)
    tl.store(out_ptr + row * n_cols + cols, values, mask=cols < n_cols)


@triton.jit
def row_copy_kernel(src_ptr, dst_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    vals = tl.load(src_ptr + row * n_cols + cols, mask=cols < n_cols)
    store_row(dst_ptr, row, vals, n_cols, BLOCK)


@triton.jit
def row_fill_kernel(dst_ptr, value, n_cols, WIDTH):
    # Launched from the host and called by nothing: WIDTH must be a constexpr.
    cols = tl.arange(0, WIDTH)
    tl.store(dst_ptr + tl.program_id(0) * n_cols + cols, value, mask=cols < n_cols)
