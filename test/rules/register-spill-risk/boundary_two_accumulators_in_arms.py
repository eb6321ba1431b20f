import triton
import triton.language as tl


# Two accumulators, each added to in its own arm: both tiles are allocated
# before the loop and live together, so both count, even though one step adds
# into only one of them (128x128 fp32 each over four warps: 256 registers).
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_stages=3, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64}, num_stages=4, num_warps=4),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def split_precision_gemm_kernel(a_ptr, b_ptr, hi_ptr, lo_ptr, M, N, K, SPLIT_K_AT,
                                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc_hi = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    acc_lo = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        rk = k + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        if k < SPLIT_K_AT:
            acc_hi += tl.dot(a, b)
        else:
            acc_lo += tl.dot(a, b)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(hi_ptr + rm[:, None] * N + rn[None, :], acc_hi, mask=mask)
    tl.store(lo_ptr + rm[:, None] * N + rn[None, :], acc_lo, mask=mask)


def split_precision_gemm(a, b, hi, lo, split_k_at):
    M, K = a.shape
    N = b.shape[1]
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    split_precision_gemm_kernel[grid](a, b, hi, lo, M, N, K, split_k_at)
