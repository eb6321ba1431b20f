import triton
import triton.language as tl


# A persistent GEMM whose programs walk the output tiles in a grid-stride
# loop. The loop only sets how many tiles each program takes, but M still
# sizes the row tile the configs choose: the best BLOCK_M depends on it.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=4),
             triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=8)],
    key=["N", "K"],
)
@triton.jit
def persistent_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, NUM_SMS, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                             BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    num_n = tl.cdiv(N, BLOCK_N)
    num_tiles = tl.cdiv(M, BLOCK_M) * num_n
    for tile in range(pid, num_tiles, NUM_SMS):
        rows = (tile // num_n) * BLOCK_M + tl.arange(0, BLOCK_M)
        cols = (tile % num_n) * BLOCK_N + tl.arange(0, BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            ks = k + tl.arange(0, BLOCK_K)
            a = tl.load(a_ptr + rows[:, None] * K + ks[None, :], mask=(rows[:, None] < M) & (ks[None, :] < K),
                        other=0.0)
            b = tl.load(b_ptr + ks[:, None] * N + cols[None, :], mask=(ks[:, None] < K) & (cols[None, :] < N),
                        other=0.0)
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc.to(tl.float16),
                 mask=(rows[:, None] < M) & (cols[None, :] < N))
