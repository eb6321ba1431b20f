import triton
import triton.language as tl


@triton.jit
def strided_gather_kernel(out_ptr, in_ptr, n_rows, row_bytes, BLOCK_ROWS: tl.constexpr):
    # The element size is a compile-time value, but `row_bytes` is a run-time
    # int: dividing one by the other still gives a tile extent only known at
    # run time, so `row_bytes` is reported and `in_ptr` is not.
    bytes_per_element: tl.constexpr = in_ptr.dtype.element_ty.primitive_bitwidth // 8
    row_elements = row_bytes // bytes_per_element
    rows = tl.program_id(0) * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    cols = tl.arange(0, row_elements)
    mask = rows[:, None] < n_rows
    tile = tl.load(in_ptr + rows[:, None] * row_elements + cols[None, :], mask=mask)
    tl.store(out_ptr + rows[:, None] * row_elements + cols[None, :], tile, mask=mask)
