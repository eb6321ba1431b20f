import triton
import triton.language as tl

# (BLOCK_M, BLOCK_N, BLOCK_K, num_stages, num_warps), gathered from two
# sources: the fourth row repeats the first.
GEMM_TABLE = [
    (128, 128, 32, 2, 8),
    (64, 64, 32, 2, 4),
    (128, 64, 32, 4, 4),
    (128, 128, 32, 2, 8),
]


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk}, num_stages=s, num_warps=w)
        for bm, bn, bk, s, w in GEMM_TABLE
    ]
    + [triton.Config({"BLOCK_M": bm, "BLOCK_N": 64, "BLOCK_K": 32}, num_stages=4, num_warps=4) for bm in (64, 128)],
    key=["M", "N", "K"],
)
@triton.jit
def gemm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))
