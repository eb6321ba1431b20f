import torch
import triton
import triton.language as tl


# Two GEMMs over K, one after the other, inside a loop over column blocks:
# Triton pipelines each inner loop and frees its operand rings when it ends,
# so the rings of the two loops share memory (Triton 3.6, sm90: 131,072 B
# for the first config, where the two loops' rings together would be 262,144).
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_stages=4, num_warps=8),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64}, num_stages=4, num_warps=8),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def gemm_then_gate_per_column_block(a_ptr, b_ptr, x_ptr, y_ptr, c_ptr, M, N, K,
                               stride_am, stride_bk, stride_cm,
                               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    offs_m = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_k = tl.arange(0, BLOCK_K)
    for n in range(0, N, BLOCK_N):
        offs_n = n + tl.arange(0, BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = tl.load(a_ptr + offs_m[:, None] * stride_am + (k + offs_k)[None, :])
            b = tl.load(b_ptr + (k + offs_k)[:, None] * stride_bk + offs_n[None, :])
            acc = tl.dot(a, b, acc)
        x = tl.load(x_ptr + offs_m[:, None] * stride_am + offs_k[None, :])
        y = tl.load(y_ptr + offs_k[:, None] * stride_bk + offs_n[None, :])
        gate = tl.dot(x, y)
        tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :], (acc * gate).to(tl.float16))


def gated_matmul(a, b, x, y):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    grid = lambda META: (triton.cdiv(M, META["BLOCK_M"]),)
    gemm_then_gate_per_column_block[grid](a, b, x, y, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))
    return c
