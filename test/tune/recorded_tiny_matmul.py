"""The 22 configs of tiny_matmul_kernel (test/bench-runner/kernels/smem_overflow.py)
timed on an H200 at 4096^3 in docs/bench/results.json (its list and the wider
search), as one list: test/e2e/tune.sh checks btlint tune's ranking of them
against those timings."""
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_K": 32, "BLOCK_M": 64, "BLOCK_N": 64}, num_warps=4, num_stages=2),
        triton.Config({"BLOCK_K": 64, "BLOCK_M": 32, "BLOCK_N": 128}, num_warps=4, num_stages=2),
        triton.Config({"BLOCK_K": 128, "BLOCK_M": 128, "BLOCK_N": 64}, num_warps=4, num_stages=2),
        triton.Config({"BLOCK_K": 32, "BLOCK_M": 64, "BLOCK_N": 64}, num_warps=8, num_stages=2),
        triton.Config({"BLOCK_K": 128, "BLOCK_M": 64, "BLOCK_N": 32}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_K": 64, "BLOCK_M": 64, "BLOCK_N": 32}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_K": 32, "BLOCK_M": 128, "BLOCK_N": 32}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_K": 16, "BLOCK_M": 64, "BLOCK_N": 32}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_K": 32, "BLOCK_M": 128, "BLOCK_N": 32}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_K": 64, "BLOCK_M": 32, "BLOCK_N": 64}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_K": 128, "BLOCK_M": 64, "BLOCK_N": 32}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_K": 256, "BLOCK_M": 32, "BLOCK_N": 64}, num_warps=4, num_stages=2),
        triton.Config({"BLOCK_K": 64, "BLOCK_M": 32, "BLOCK_N": 128}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_K": 128, "BLOCK_M": 32, "BLOCK_N": 128}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_K": 32, "BLOCK_M": 32, "BLOCK_N": 64}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_K": 32, "BLOCK_M": 32, "BLOCK_N": 32}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_K": 128, "BLOCK_M": 128, "BLOCK_N": 32}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_K": 32, "BLOCK_M": 32, "BLOCK_N": 128}, num_warps=8, num_stages=2),
        triton.Config({"BLOCK_K": 128, "BLOCK_M": 32, "BLOCK_N": 64}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_K": 256, "BLOCK_M": 32, "BLOCK_N": 32}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_K": 64, "BLOCK_M": 64, "BLOCK_N": 128}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_K": 128, "BLOCK_M": 64, "BLOCK_N": 64}, num_warps=8, num_stages=4),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def tiny_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * stride_am + (k0 + ks)[None, :],
                    mask=(rows[:, None] < M) & ((k0 + ks)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + ks)[:, None] * stride_bk + cols[None, :],
                    mask=((k0 + ks)[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc.to(tl.float16),
             mask=(rows[:, None] < M) & (cols[None, :] < N))
