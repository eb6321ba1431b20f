"""RMS norm over the last dimension, y = x / sqrt(mean(x^2) + eps) * w,
several rows per program and the row walked in chunks of BLOCK_N (rows wider
than one tile). `rms_norm_kernel` masks rows and columns; in
`rms_norm_rows_only_kernel` the sum of squares masks the rows only, so the
last chunk of a row whose width is not a multiple of BLOCK_N reads the start
of the next row (and past the end of the tensor on the last row)."""
import torch
import triton
import triton.language as tl

CONFIGS = [
    triton.Config({"BLOCK_M": 1, "BLOCK_N": 64}, num_warps=2),
    triton.Config({"BLOCK_M": 4, "BLOCK_N": 64}, num_warps=4),
    triton.Config({"BLOCK_M": 2, "BLOCK_N": 128}, num_warps=4),
    triton.Config({"BLOCK_M": 4, "BLOCK_N": 128}, num_warps=4),
    triton.Config({"BLOCK_M": 8, "BLOCK_N": 128}, num_warps=8),
    triton.Config({"BLOCK_M": 4, "BLOCK_N": 256}, num_warps=8),
]


@triton.autotune(configs=CONFIGS, key=["M", "N"])
@triton.jit
def rms_norm_kernel(x_ptr, w_ptr, y_ptr, M, N, stride_xm, stride_ym, eps,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    row_ok = rows[:, None] < M
    sum_sq = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :], mask=row_ok & (cols[None, :] < N),
                    other=0.0).to(tl.float32)
        sum_sq += x * x
    rstd = 1.0 / tl.sqrt(tl.sum(sum_sq, axis=1) / N + eps)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = row_ok & (cols[None, :] < N)
        x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :], mask=mask, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
        y = x * rstd[:, None] * w[None, :]
        tl.store(y_ptr + rows[:, None] * stride_ym + cols[None, :], y.to(y_ptr.dtype.element_ty), mask=mask)


@triton.autotune(configs=CONFIGS, key=["M", "N"])
@triton.jit
def rms_norm_rows_only_kernel(x_ptr, w_ptr, y_ptr, M, N, stride_xm, stride_ym, eps,
                              BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    row_ok = rows[:, None] < M
    sum_sq = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :], mask=row_ok, other=0.0).to(tl.float32)
        sum_sq += x * x
    rstd = 1.0 / tl.sqrt(tl.sum(sum_sq, axis=1) / N + eps)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = row_ok & (cols[None, :] < N)
        x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :], mask=mask, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
        y = x * rstd[:, None] * w[None, :]
        tl.store(y_ptr + rows[:, None] * stride_ym + cols[None, :], y.to(y_ptr.dtype.element_ty), mask=mask)


def _rms_norm(kernel, x, weight, eps=1e-6, out=None):
    M, N = x.shape
    y = out if out is not None else torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]),)  # noqa: E731
    kernel[grid](x, weight, y, M, N, x.stride(0), y.stride(0), eps)
    return y


def rms_norm(x, weight, eps=1e-6, out=None):
    return _rms_norm(rms_norm_kernel, x, weight, eps, out)


def rms_norm_rows_only(x, weight, eps=1e-6, out=None):
    return _rms_norm(rms_norm_rows_only_kernel, x, weight, eps, out)
