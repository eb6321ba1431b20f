# The annotation is a string, but it names a run-time integer: Triton
# passes BLOCK as a value and `tl.arange` rejects it.
import triton
import triton.language as tl


@triton.jit
def fill_kernel(out_ptr, value, n_elements, BLOCK: "int"):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.full((BLOCK,), value, tl.float32), mask=offsets < n_elements)
