import triton
import triton.language as tl


# The same statistics with descriptors made in the kernel: their block
# shapes are known, and a head dimension tile of 8 is a dot with K = 8.
@triton.jit
def stats_kernel(q_ptr, k_ptr, M, N_CTX, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    desc_q = tl.make_tensor_descriptor(q_ptr, shape=[N_CTX, BLOCK_D], strides=[BLOCK_D, 1],
                                       block_shape=[BLOCK_M, BLOCK_D])
    desc_k = tl.make_tensor_descriptor(k_ptr, shape=[N_CTX, BLOCK_D], strides=[BLOCK_D, 1],
                                       block_shape=[BLOCK_N, BLOCK_D])
    start_m = tl.program_id(0) * BLOCK_M
    offs_m = start_m + tl.arange(0, BLOCK_M)
    q = desc_q.load([start_m, 0])
    m_i = tl.full([BLOCK_M], -float("inf"), tl.float32)
    for start_n in tl.range(0, N_CTX, BLOCK_N):
        k = desc_k.load([start_n, 0])
        qk = tl.dot(q, tl.trans(k))
        m_i = tl.maximum(m_i, tl.max(qk, axis=1))
    tl.store(M + offs_m, m_i, mask=offs_m < N_CTX)


def stats(q, k, m, n_ctx):
    stats_kernel[(triton.cdiv(n_ctx, 32), )](q, k, m, n_ctx, BLOCK_M=32, BLOCK_N=32, BLOCK_D=8)
