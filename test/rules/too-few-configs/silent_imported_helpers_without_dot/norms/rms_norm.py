import triton
import triton.language as tl

from norms import mean_square


# An elementwise pass with a reduction: its imported helper holds no dot, so
# three configs meet the threshold for kernels without one.
@triton.autotune(
    configs=[triton.Config({"BLOCK": 1024}, num_warps=w) for w in (2, 4, 8)],
    key=["n_cols"],
)
@triton.jit
def rms_norm(x_ptr, w_ptr, y_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    scale = 1.0 / tl.sqrt(mean_square(x, n_cols) + eps)
    tl.store(y_ptr + row * n_cols + cols, x * scale * tl.load(w_ptr + cols, mask=mask), mask=mask)
