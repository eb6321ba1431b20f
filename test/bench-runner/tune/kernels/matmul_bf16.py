"""bf16 linear layer, Y = X @ W^T + bias, with the weight stored [N, K] as
torch.nn.Linear keeps it (K contiguous for both operands) and the bias added
in fp32 before the cast. Row-major program order: no grouping."""
import itertools

import torch
import triton
import triton.language as tl

LINEAR_CONFIGS = [
    triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk}, num_warps=warps, num_stages=stages)
    for bm, bn, bk in itertools.product([16, 32, 64, 128], [32, 64, 128, 256], [64, 128])
    for warps, stages in ([(4, 3), (8, 4)] if bm * bn >= 64 * 128 else [(4, 3), (4, 5)])
]


@triton.autotune(configs=LINEAR_CONFIGS, key=["M", "N", "K"])
@triton.jit
def linear_bf16_kernel(x_ptr, w_ptr, bias_ptr, y_ptr, M, N, K,
                       stride_xm, stride_wn, stride_ym,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + rows[:, None] * stride_xm + ks[None, :]
    w_ptrs = w_ptr + cols[None, :] * stride_wn + ks[:, None]

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        x = tl.load(x_ptrs, mask=(rows[:, None] < M) & (ks[None, :] + k0 < K), other=0.0)
        w = tl.load(w_ptrs, mask=(ks[:, None] + k0 < K) & (cols[None, :] < N), other=0.0)
        acc += tl.dot(x, w)
        x_ptrs += BLOCK_K
        w_ptrs += BLOCK_K

    bias = tl.load(bias_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
    acc += bias[None, :]
    y_ptrs = y_ptr + rows[:, None] * stride_ym + cols[None, :]
    tl.store(y_ptrs, acc.to(tl.bfloat16), mask=(rows[:, None] < M) & (cols[None, :] < N))


def linear_bf16(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    M, K = x.shape
    N = weight.shape[0]
    y = torch.empty((M, N), device=x.device, dtype=torch.bfloat16)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))  # noqa: E731
    linear_bf16_kernel[grid](x, weight, bias, y, M, N, K, x.stride(0), weight.stride(0), y.stride(0))
    return y
