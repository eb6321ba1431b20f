# An annotation bound in a package outside the run (a vendor fork's alias):
# Triton takes it as constexpr when its class's name holds "constexpr", which
# cannot be known here, so the first kernel is left alone; the second's quoted
# annotation is read as Triton reads it ("int" holds no "constexpr") and fires.
import triton
import triton.language as tl
from vendor_triton.language import compile_time


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: compile_time):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)


@triton.jit
def copy_rows_kernel(src_ptr, dst_ptr, n, BLOCK: "int"):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)
