"""A small autotuned fp16 matmul for btlint-bench's CI test.

Config 1 (64 x 64 x 32 tiles, 2 stages) fits every NVIDIA arch. Config 2
(64 x 64 x 256 tiles, 4 stages) buffers 4 * (64*256 + 256*64) * 2 bytes =
256 KiB of operand tiles, above the 227 KiB (232448 bytes) a block may use on
sm90: Triton compiles it and the launch raises OutOfResources. (Deep K tiles
keep the accumulator small, so ptxas finishes in seconds on a CI machine.)

Nothing here imports torch: the test compiles it on a machine without one.
"""
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4, num_stages=2),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 256}, num_warps=4, num_stages=4),
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
