# The factory's decorator applied by hand after the definition, as often as
# with `@`: the list is the factory's, which btlint does not read here, and
# the run says so for both kernels.
import triton
import triton.language as tl

from rowops.tuning import row_autotune


@triton.jit
def double_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


double_kernel = row_autotune()(double_kernel)


@row_autotune()
@triton.jit
def halve_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) / 2, mask=offs < n)
