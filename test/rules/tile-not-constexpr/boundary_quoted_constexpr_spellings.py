# Quoted annotations either side of the line: "constexpr" alone and
# "triton.language.constexpr" hold the word Triton looks for; "tl.int32"
# does not, so the last kernel's tile size is a run-time value.
import triton
import triton.language as tl


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n_elements, BLOCK: "constexpr"):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offsets, tl.load(src_ptr + offsets, mask=offsets < n_elements), mask=offsets < n_elements)


@triton.jit
def negate_kernel(src_ptr, dst_ptr, n_elements, BLOCK: "triton.language.constexpr"):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offsets, -tl.load(src_ptr + offsets, mask=offsets < n_elements), mask=offsets < n_elements)


@triton.jit
def halve_kernel(src_ptr, dst_ptr, n_elements, BLOCK: "tl.int32"):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offsets, tl.load(src_ptr + offsets, mask=offsets < n_elements) * 0.5,
             mask=offsets < n_elements)
