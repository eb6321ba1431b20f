# A dQ helper: `qk` is a dot of a parameter whose shape the helper does not
# see; `qk - m` with a column `m` ([BLOCK_M, 1]) is still BLOCK_M x BLOCK_N,
# so the last dot's K is BLOCK_N (32), not the column's 1.
import triton
import triton.language as tl


@triton.jit
def _bwd_dq_inner(dq, q, K, m, Delta, stride_tok, stride_d, start_m, num_steps,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    offs_m = start_m + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    kT_ptrs = K + offs_n[None, :] * stride_tok + offs_d[:, None] * stride_d
    delta = tl.load(Delta + offs_m)
    for _ in range(num_steps):
        kT = tl.load(kT_ptrs)
        qk = tl.dot(q, kT)
        ds = tl.math.exp2(qk - m) * (qk - delta[:, None])
        dq += tl.dot(ds.to(tl.bfloat16), tl.trans(kT))
        kT_ptrs += BLOCK_N * stride_tok
    return dq


@triton.jit
def _bwd_dq(Q, K, M, Delta, DQ, stride_tok, stride_d, num_steps,
            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0) * BLOCK_M
    offs_m = start_m + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + offs_m[:, None] * stride_tok + offs_d[None, :] * stride_d)
    m = tl.load(M + offs_m)[:, None]
    dq = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    dq = _bwd_dq_inner(dq, q, K, m, Delta, stride_tok, stride_d, start_m, num_steps,
                       BLOCK_M, BLOCK_N, HEAD_DIM)
    tl.store(DQ + offs_m[:, None] * stride_tok + offs_d[None, :] * stride_d, dq)


def backward_dq(q, k, m, delta, dq):
    BLOCK_M, BLOCK_N = 64, 32
    n_ctx = q.shape[0]
    _bwd_dq[(n_ctx // BLOCK_M,)](q, k, m, delta, dq, q.stride(0), q.stride(1), n_ctx // BLOCK_N,
                                 BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, HEAD_DIM=64)
