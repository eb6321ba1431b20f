import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK_SIZE": 1024}, num_warps=4)], key=["n_elements"])
@triton.jit
def add_one_single_config_kernel(x_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # A single config is launched directly, never benchmarked.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n_elements)
    tl.store(x_ptr + offsets, x + 1, mask=offsets < n_elements)


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 2048}, num_warps=8),
    ],
    key=["n_elements"],
)
@triton.jit
def add_one_two_configs_kernel(x_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # Two configs are benchmarked: every run adds one more.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n_elements)
    tl.store(x_ptr + offsets, x + 1, mask=offsets < n_elements)
