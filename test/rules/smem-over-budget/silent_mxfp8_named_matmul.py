# Named for its 1-byte operands (mxfp8: fp8 elements with shared scales) and
# loading them without a cast: at one byte the four-deep ring of 128x128 and
# 128x256 tiles needs 196608 bytes and fits sm90's 232448 (at the default two
# bytes it would need 393216).
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 128}, num_stages=4, num_warps=8)],
    key=["M", "N", "K"],
)
@triton.jit
def mxfp8_grouped_matmul_kernel(a_ptr, b_ptr, c_ptr, a_scale_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                             BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rows[:, None] * K + ks[None, :]
    b_ptrs = b_ptr + cols[None, :] * K + ks[:, None]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=ks[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=ks[:, None] < K - k * BLOCK_K, other=0.0)
        acc += tl.dot(a, b) * tl.load(a_scale_ptr + rows)[:, None]
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
    c = acc.to(c_ptr.dtype.element_ty)
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], c, mask=(rows[:, None] < M) & (cols[None, :] < N))
