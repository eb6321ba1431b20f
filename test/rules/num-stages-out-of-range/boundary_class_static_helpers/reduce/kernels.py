import triton
import triton.language as tl

from reduce import language


def row_configs():
    return [
        triton.Config({"BLOCK": block}, num_warps=4, num_stages=stages)
        for block in (256, 512, 1024)
        for stages in (2, 3)
    ]


# The loop is in `Row.mean`, reached through the package: stages pipeline it.
@triton.autotune(configs=row_configs(), key=["n_cols"])
@triton.jit
def row_mean_kernel(y_ptr, x_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    tl.store(y_ptr + row, language.Row.mean(x_ptr + row * stride_row, n_cols, BLOCK))


# `Row.first` has no loop: the stages compile the same kernel.
@triton.autotune(configs=row_configs(), key=["n_cols"])
@triton.jit
def row_first_kernel(y_ptr, x_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    tl.store(y_ptr + row, language.Row.first(x_ptr + row * stride_row, n_cols, BLOCK))
