import torch
import torch_npu  # noqa: F401  (the Ascend fork of Triton runs these kernels)
import triton
import triton.language as tl


@triton.jit
def rms_norm_kernel(x_ptr, w_ptr, y_ptr, n_cols, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(x * x, 0) / n_cols + eps)
    tl.store(y_ptr + row * n_cols + cols, x * rstd * w, mask=mask)


def rms_norm(x, w, eps=1e-6):
    y = torch.empty_like(x)
    n_rows, n_cols = x.shape
    # `multibuffer` is a compile option of the fork's launcher: a note. A
    # near miss of a parameter is still a typo on a fork.
    rms_norm_kernel[(n_rows,)](x, w, y, n_cols, eps, BLOCK_N=triton.next_power_of_2(n_cols), multibuffer=True)
    rms_norm_kernel[(n_rows,)](x, w, y, n_cols, eps, BLOCK_M=triton.next_power_of_2(n_cols))
    return y
