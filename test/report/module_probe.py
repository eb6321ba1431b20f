# Two autotuned kernels of one module whose config lists both depend on a
# module-level feature probe: the probe's note belongs to the file and the
# markdown report shows it once, under the first kernel.
import triton
import triton.language as tl

HAS_TMA = hasattr(tl, "make_tensor_descriptor")
STAGES = 3 if HAS_TMA else 2


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 256}, num_warps=4, num_stages=STAGES),
        triton.Config({"BLOCK": 1024}, num_warps=8, num_stages=STAGES),
    ],
    key=["n_elements"],
)
@triton.jit
def scale_kernel(x_ptr, out_ptr, n_elements, factor, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x * factor, mask=mask)


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 512}, num_warps=4, num_stages=STAGES),
        triton.Config({"BLOCK": 2048}, num_warps=8, num_stages=STAGES),
    ],
    key=["n_elements"],
)
@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)
