import triton
import triton.language as tl


# The matmul's dot lives in a @triton.jit helper, which Triton inlines: the
# kernel is a matmul and four configs are too few for one.
@triton.jit
def _accumulate_tile(acc, a_ptrs, b_ptrs, K, BLOCK_K: tl.constexpr):
    for k in range(0, K, BLOCK_K):
        acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
    return acc


@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=w)
             for bm in (64, 128) for w in (4, 8)],
    key=["M", "N", "K"],
)
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    acc = _accumulate_tile(acc, a_ptr + offs_m[:, None] * K + offs_k[None, :],
                           b_ptr + offs_k[:, None] * N + offs_n[None, :], K, BLOCK_K)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)
