import triton
import triton.language as tl


# Query, key and value projections of the same rows, one K-loop after the
# other: each accumulator is stored before the next loop starts, so they are
# never live together (each loop alone keeps about 160 registers per thread;
# the three together would be 480).
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_stages=3, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64}, num_stages=4, num_warps=4),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def qkv_proj_kernel(x_ptr, wq_ptr, wk_ptr, wv_ptr, q_ptr, k_ptr, v_ptr, M, N, K, stride_xm, stride_wk, stride_om,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    out_mask = (rows[:, None] < M) & (cols[None, :] < N)

    q = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        x = tl.load(x_ptr + rows[:, None] * stride_xm + (k + ks)[None, :], mask=(k + ks)[None, :] < K, other=0.0)
        w = tl.load(wq_ptr + (k + ks)[:, None] * stride_wk + cols[None, :], mask=(k + ks)[:, None] < K, other=0.0)
        q += tl.dot(x, w)
    tl.store(q_ptr + rows[:, None] * stride_om + cols[None, :], q.to(tl.float16), mask=out_mask)

    kp = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        x = tl.load(x_ptr + rows[:, None] * stride_xm + (k + ks)[None, :], mask=(k + ks)[None, :] < K, other=0.0)
        w = tl.load(wk_ptr + (k + ks)[:, None] * stride_wk + cols[None, :], mask=(k + ks)[:, None] < K, other=0.0)
        kp = kp + tl.dot(x, w)
    tl.store(k_ptr + rows[:, None] * stride_om + cols[None, :], kp.to(tl.float16), mask=out_mask)

    v = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        x = tl.load(x_ptr + rows[:, None] * stride_xm + (k + ks)[None, :], mask=(k + ks)[None, :] < K, other=0.0)
        w = tl.load(wv_ptr + (k + ks)[:, None] * stride_wk + cols[None, :], mask=(k + ks)[:, None] < K, other=0.0)
        v = tl.dot(x, w, v)
    tl.store(v_ptr + rows[:, None] * stride_om + cols[None, :], v.to(tl.float16), mask=out_mask)
