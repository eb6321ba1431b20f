# Two aliases from one project module: `compile_time` (tl.constexpr) makes
# `BLOCK` a compile-time value; `index_t` (int) does not, and a tile sized by
# it fails to compile.
from ops.common import compile_time, index_t, tl, triton


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: compile_time):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)


@triton.jit
def copy_rows_kernel(src_ptr, dst_ptr, n, BLOCK: index_t):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)
