# The loop runs K // BLOCK_K whole tiles without masks; the partial tile
# left over is loaded once after it, masked against K. No iteration of the
# loop reaches past K, whatever K is.
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": bk}, num_warps=4) for bk in (32, 64)],
    key=["M", "N", "K"],
)
@triton.jit
def matmul_peeled_tail_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bn, stride_cm,
                              BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    rn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    full_tiles = K // BLOCK_K
    for _ in range(0, full_tiles):
        acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
    k_tail = full_tiles * BLOCK_K + rk < K
    a = tl.load(a_ptrs, mask=k_tail[None, :], other=0.0)
    b = tl.load(b_ptrs, mask=k_tail[:, None], other=0.0)
    acc += tl.dot(a, b)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :]
    tl.store(c_ptrs, acc.to(tl.float16), mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
