import torch
import triton
import triton.language as tl

# Tile widths sized from what a dtype holds: evaluated for a dtype written
# in the module, not for one only a tensor at run time knows.
SECTOR_BITS = 32 * 8
BF16_PER_SECTOR = SECTOR_BITS // torch.finfo(torch.bfloat16).bits
INT8_PER_SECTOR = SECTOR_BITS // torch.iinfo(torch.int8).bits
FP16_EPS_IS_SMALL = torch.finfo(torch.float16).eps < 1e-2


@triton.autotune(
    configs=[
        triton.Config({"N_BLOCK": BF16_PER_SECTOR}, num_warps=2),
        triton.Config({"N_BLOCK": BF16_PER_SECTOR * 2}, num_warps=4 if FP16_EPS_IS_SMALL else 2),
        triton.Config({"N_BLOCK": INT8_PER_SECTOR}, num_warps=8),
    ],
    key=["n_cols"],
)
@triton.jit
def row_scale_kernel(y_ptr, x_ptr, scale_ptr, n_cols, N_BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, N_BLOCK)
    for start in range(0, n_cols, N_BLOCK):
        x = tl.load(x_ptr + row * n_cols + start + cols, mask=start + cols < n_cols, other=0.0)
        tl.store(y_ptr + row * n_cols + start + cols, x * tl.load(scale_ptr + row), mask=start + cols < n_cols)


def accumulator_configs(x):
    # The tensor's dtype is known only when the program runs.
    width = 256 // torch.finfo(x.dtype).bits
    return [triton.Config({"N_BLOCK": width * k}, num_warps=4) for k in (1, 2, 4)]


@triton.autotune(configs=accumulator_configs(torch.empty(0)), key=["n_cols"])
@triton.jit
def row_copy_kernel(y_ptr, x_ptr, n_cols, N_BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, N_BLOCK)
    for start in range(0, n_cols, N_BLOCK):
        x = tl.load(x_ptr + row * n_cols + start + cols, mask=start + cols < n_cols, other=0.0)
        tl.store(y_ptr + row * n_cols + start + cols, x, mask=start + cols < n_cols)
