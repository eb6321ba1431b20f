# A caching autotuner from another package, written like triton.autotune: its
# list is not read (the package is not the project's), and the note says how
# to declare it. A decorator of another package without `configs=` is not
# taken for one.
import triton
import triton.language as tl
from fastkernels.tuning import cached_autotune
from fastkernels.tracing import traced


@cached_autotune(
    configs=[triton.Config({"BLOCK": b}, num_warps=w) for b in (128, 256, 100) for w in (4, 8)],
    key=["n"],
)
@triton.jit
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


@traced(name="shift")
@triton.jit
def shift_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
