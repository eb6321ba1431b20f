# btlint-test: --arch sm86,sm90
import triton
import triton.language as tl


# One-warp blocks of an elementwise kernel: sm86 runs at most 16 blocks per
# SM, exactly the 16 resident warps the rule asks for (not reported); sm90
# runs 32. A 2-stage 64x64x64 GEMM with one warp needs 16384 bytes of rings:
# sm86's 102400 bytes per SM hold 5 such blocks (5 warps, not reported); with
# 6 stages (5 x 16384 bytes) one block fits on sm86 and two on sm90.
@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n)
    tl.store(out_ptr + offsets, tl.maximum(x, 0.0), mask=offsets < n)


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64}, num_stages=2, num_warps=1),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64}, num_stages=6, num_warps=1),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * K + (k + ks)[None, :])
        b = tl.load(b_ptr + (k + ks)[:, None] * N + cols[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc.to(tl.float16))


def relu(x, out, n):
    relu_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK_SIZE=256, num_warps=1)
