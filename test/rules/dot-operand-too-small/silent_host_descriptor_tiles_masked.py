import triton
import triton.language as tl


# Softmax statistics over tiles read through host tensor descriptors: their
# block shapes are set on the host (a pre-hook or an assignment before the
# launch), so the tiles' shapes are not known in the kernel. Broadcasting a
# row mask into them (`tl.where(valid[:, None], q, 0.0)`) does not make K 1.
@triton.jit
def stats_kernel(desc_q, desc_k, M, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start_m = tl.program_id(0) * BLOCK_M
    offs_m = start_m + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    q = desc_q.load([start_m, 0])
    q = tl.where((offs_m < N_CTX)[:, None], q, 0.0)
    m_i = tl.full([BLOCK_M], -float("inf"), tl.float32)
    for start_n in tl.range(0, N_CTX, BLOCK_N):
        k = desc_k.load([start_n, 0])
        k = tl.where((start_n + offs_n < N_CTX)[:, None], k, 0.0)
        qk = tl.dot(q, tl.trans(k))
        m_i = tl.maximum(m_i, tl.max(qk, axis=1))
    tl.store(M + offs_m, m_i, mask=offs_m < N_CTX)


def stats(desc_q, desc_k, m, n_ctx):
    stats_kernel[(triton.cdiv(n_ctx, 32), )](desc_q, desc_k, m, n_ctx, HEAD_DIM=64, BLOCK_M=32, BLOCK_N=32)
