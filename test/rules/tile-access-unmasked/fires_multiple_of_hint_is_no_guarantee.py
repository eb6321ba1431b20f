import triton
import triton.language as tl


@triton.jit
def copy_rows_kernel(src_ptr, dst_ptr, n_rows, n_cols, stride, BLOCK_R: tl.constexpr = 64):
    pid = tl.program_id(0)
    rows = tl.multiple_of(pid * BLOCK_R + tl.arange(0, BLOCK_R), BLOCK_R)
    rows = tl.max_contiguous(rows, BLOCK_R)
    vals = tl.load(src_ptr + rows * stride)
    tl.store(dst_ptr + rows * stride, vals, mask=rows < n_rows)
