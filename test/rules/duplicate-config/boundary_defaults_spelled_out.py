import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 512}),
        triton.Config({"BLOCK_SIZE": 512}, num_warps=4, num_stages=2),
        triton.Config({"BLOCK_SIZE": 512}, num_warps=4, num_stages=3),
    ],
    key=["n_elements"],
)
@triton.jit
def cast_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # The third config spells out triton.Config's defaults: it is the first one again.
    # The second differs in num_stages and is kept.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask).to(tl.float16), mask=mask)
