"""fp8 (e4m3) GEMM with per-tensor scales, the way quantised linear layers
run on Hopper: A [M, K] and the weight [N, K] in fp8, accumulation in fp32,
the product scaled by a_scale * w_scale and stored as bf16."""
import itertools

import torch
import triton
import triton.language as tl

FP8_CONFIGS = [
    triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": 8},
                  num_warps=8 if bm * bn >= 128 * 256 else 4, num_stages=stages)
    for bm, bn, bk, stages in itertools.product([16, 64, 128, 256], [64, 128, 256], [64, 128], [3, 4, 5])
    if not (bm == 256 and bn == 256)
]


@triton.autotune(configs=FP8_CONFIGS, key=["M", "N", "K"])
@triton.jit
def matmul_fp8_kernel(a_ptr, w_ptr, c_ptr, a_scale_ptr, w_scale_ptr, M, N, K,
                      stride_am, stride_wn, stride_cm,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                      GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * tiles_n
    first_m = (pid // per_group) * GROUP_M
    rows_here = min(tiles_m - first_m, GROUP_M)
    tile_m = first_m + (pid % per_group) % rows_here
    tile_n = (pid % per_group) // rows_here

    rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rows[:, None] * stride_am + ks[None, :]
    w_ptrs = w_ptr + cols[None, :] * stride_wn + ks[:, None]

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(rows[:, None] < M) & (ks[None, :] + k0 < K), other=0.0)
        w = tl.load(w_ptrs, mask=(ks[:, None] + k0 < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a, w, acc)
        a_ptrs += BLOCK_K
        w_ptrs += BLOCK_K

    scale = tl.load(a_scale_ptr) * tl.load(w_scale_ptr)
    c_ptrs = c_ptr + rows[:, None] * stride_cm + cols[None, :]
    tl.store(c_ptrs, (acc * scale).to(tl.bfloat16), mask=(rows[:, None] < M) & (cols[None, :] < N))


def matmul_fp8(a: torch.Tensor, weight: torch.Tensor, a_scale: torch.Tensor, w_scale: torch.Tensor) -> torch.Tensor:
    M, K = a.shape
    N = weight.shape[0]
    c = torch.empty((M, N), device=a.device, dtype=torch.bfloat16)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)  # noqa: E731
    matmul_fp8_kernel[grid](a, weight, c, a_scale, w_scale, M, N, K, a.stride(0), weight.stride(0), c.stride(0))
    return c
