import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 524288}, num_warps=32),
        triton.Config({"BLOCK_SIZE": 1048576}, num_warps=32),
        triton.Config({"BLOCK_SIZE": 2097152}, num_warps=32),
    ],
    key=["n_elements"],
)
@triton.jit
def histogram_kernel(x_ptr, counts_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # 1048576 elements is exactly Triton's limit and compiles; twice that does not.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n_elements, other=0)
    tl.atomic_add(counts_ptr + x, 1, mask=offsets < n_elements)
