import triton
import triton.language as tl

from sweeps.tuning import sweep_autotune


def _row_configs():
    return [triton.Config({"BLOCK_N": n}, num_warps=w) for n in (256, 512, 1024) for w in (4, 8)]


@sweep_autotune(configs=_row_configs(), key=["N"])
@triton.jit
def row_scale_kernel(x_ptr, y_ptr, scale_ptr, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    for start in range(0, N, BLOCK_N):
        offs = start + cols
        x = tl.load(x_ptr + row * N + offs, mask=offs < N, other=0.0)
        tl.store(y_ptr + row * N + offs, x * tl.load(scale_ptr + row), mask=offs < N)
