import triton
import triton.language as tl


# Grouped GEMM over experts: each K step runs only for the experts that got
# tokens (`if count > 0:` on a loaded count, inside the loop). Triton does not
# pipeline a dot under a test decided at run time in its loop: A and B stay
# single buffers (128x64 + 64x256 fp16 = 49152 bytes) whatever num_stages is,
# where the same loop without the test needs 5 x 49152 at 5 stages.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64}, num_stages=s, num_warps=8)
        for s in (3, 4, 5)
    ],
    key=["N", "K"],
)
@triton.jit  # btlint: dtype=fp16
def expert_matmul_kernel(a_ptr, b_ptr, c_ptr, counts_ptr, N, K, stride_am, stride_bk, stride_cm,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    expert = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        count = tl.load(counts_ptr + expert * (K // BLOCK_K) + k // BLOCK_K)
        if count > 0:
            a = tl.load(a_ptr + expert * BLOCK_M * stride_am + rows[:, None] * stride_am + (k + ks)[None, :])
            b = tl.load(b_ptr + (k + ks)[:, None] * stride_bk + cols[None, :], mask=cols[None, :] < N, other=0.0)
            acc += tl.dot(a, b)
    c_ptrs = c_ptr + (expert * BLOCK_M + rows)[:, None] * stride_cm + cols[None, :]
    tl.store(c_ptrs, acc.to(tl.float16), mask=cols[None, :] < N)
