"""Layer norm forward over the last dimension, one program per row: a pass
for the mean, one for the variance, one to normalise, each over the row in
chunks of BLOCK_N, so rows of any width run without a register-sized tile."""
import itertools

import torch
import triton
import triton.language as tl

NORM_CONFIGS = [
    triton.Config({"BLOCK_N": block}, num_warps=warps, num_stages=stages)
    for block, warps, stages in itertools.product([256, 512, 1024, 2048, 4096, 8192], [1, 2, 4, 8, 16], [1, 2])
]


@triton.autotune(configs=NORM_CONFIGS, key=["N"])
@triton.jit
def layer_norm_fwd_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, stride_row, M, N, eps,
                          BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * stride_row
    y_row = y_ptr + row * stride_row
    partial = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        partial += tl.load(x_row + cols, mask=cols < N, other=0.0).to(tl.float32)
    mean = tl.sum(partial, axis=0) / N
    partial = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        x = tl.load(x_row + cols, mask=cols < N, other=0.0).to(tl.float32)
        centred = tl.where(cols < N, x - mean, 0.0)
        partial += centred * centred
    rstd = 1.0 / tl.sqrt(tl.sum(partial, axis=0) / N + eps)
    tl.store(mean_ptr + row, mean, mask=row < M)
    tl.store(rstd_ptr + row, rstd, mask=row < M)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        keep = cols < N
        w = tl.load(w_ptr + cols, mask=keep, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + cols, mask=keep, other=0.0).to(tl.float32)
        x = tl.load(x_row + cols, mask=keep, other=0.0).to(tl.float32)
        tl.store(y_row + cols, ((x - mean) * rstd * w + b).to(y_ptr.dtype.element_ty), mask=keep)


def layer_norm(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    M, N = x.shape
    y = torch.empty_like(x)
    mean = torch.empty(M, device=x.device, dtype=torch.float32)
    rstd = torch.empty(M, device=x.device, dtype=torch.float32)
    layer_norm_fwd_kernel[(M,)](x, y, weight, bias, mean, rstd, x.stride(0), M, N, eps)
    return y
