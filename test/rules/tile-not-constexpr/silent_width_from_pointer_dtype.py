import triton
import triton.language as tl


@triton.jit
def packed_copy_kernel(dst_ptr, src_ptr, n_elements, BLOCK: tl.constexpr):
    # The vector width comes from the pointer's element type, which Triton
    # compiles into each specialisation: `dst_ptr` sizes the tile only through
    # a compile-time value and stays a plain pointer argument.
    bytes_per_element: tl.constexpr = dst_ptr.dtype.element_ty.primitive_bitwidth // 8
    per_vector: tl.constexpr = 16 // bytes_per_element
    VECTORS: tl.constexpr = BLOCK // per_vector
    pid = tl.program_id(0)
    lanes = pid * BLOCK + tl.arange(0, VECTORS) * per_vector
    for part in tl.static_range(per_vector):
        offsets = lanes + part
        mask = offsets < n_elements
        tl.store(dst_ptr + offsets, tl.load(src_ptr + offsets, mask=mask), mask=mask)
