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
    # C = A @ B with A (M, K) and B (K, N) row-major.
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    inner = tl.arange(0, BLOCK_K)
    total = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + inner
        a_tile = tl.load(a_ptr + rows[:, None] * K + ks[None, :], mask=(rows < M)[:, None] & (ks < K)[None, :], other=0.0)
        b_tile = tl.load(b_ptr + ks[:, None] * N + cols[None, :], mask=(ks < K)[:, None] & (cols < N)[None, :], other=0.0)
        total = tl.dot(a_tile, b_tile, total)
    out = c_ptr + rows[:, None] * N + cols[None, :]
    tl.store(out, total.to(tl.float16), mask=(rows < M)[:, None] & (cols < N)[None, :])
