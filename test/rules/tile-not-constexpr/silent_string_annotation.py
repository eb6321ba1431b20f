# Tile sizes annotated with the annotation written as a string: Triton takes
# any annotation whose text holds "constexpr" as a compile-time parameter.
import triton
import triton.language as tl


@triton.jit
def gather_rows_kernel(src_ptr, dst_ptr, index_ptr, n_cols, BLOCK_COLS: "tl.constexpr"):
    row = tl.load(index_ptr + tl.program_id(0))
    cols = tl.arange(0, BLOCK_COLS)
    mask = cols < n_cols
    values = tl.load(src_ptr + row * n_cols + cols, mask=mask)
    tl.store(dst_ptr + tl.program_id(0) * n_cols + cols, values, mask=mask)


def gather_rows(src, dst, index, n_cols):
    gather_rows_kernel[(index.numel(),)](src, dst, index, n_cols, BLOCK_COLS=triton.next_power_of_2(n_cols))
