"""Attention forward (no mask), O = softmax(Q K^T * scale) V, one program per
block of query rows and (batch, head), with the running max and sum of the
online softmax. N_Q may differ from N_KV: decode steps run with N_Q of 1 to 64."""
import itertools

import torch
import triton
import triton.language as tl

ATTENTION_CONFIGS = [
    triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_warps=warps, num_stages=stages)
    for bm, bn, warps, stages in itertools.product([16, 32, 64, 128], [32, 64, 128], [4, 8], [2, 3, 4])
]


@triton.autotune(configs=ATTENTION_CONFIGS, key=["N_Q", "N_KV", "HEAD_DIM"])
@triton.jit
def attention_fwd_kernel(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale,
                         stride_qz, stride_qh, stride_qm, stride_kz, stride_kh, stride_kn,
                         stride_vz, stride_vh, stride_vn, stride_oz, stride_oh, stride_om,
                         Z, H, N_Q, N_KV,
                         HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    block_m = tl.program_id(0)
    batch_head = tl.program_id(1)
    z = batch_head // H
    h = batch_head % H
    q_base = q_ptr + z * stride_qz + h * stride_qh
    k_base = k_ptr + z * stride_kz + h * stride_kh
    v_base = v_ptr + z * stride_vz + h * stride_vh
    o_base = o_ptr + z * stride_oz + h * stride_oh

    offs_m = block_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    offs_n = tl.arange(0, BLOCK_N)
    q = tl.load(q_base + offs_m[:, None] * stride_qm + offs_d[None, :], mask=offs_m[:, None] < N_Q, other=0.0)

    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e): exp2 below
    for start_n in range(0, N_KV, BLOCK_N):
        cols = start_n + offs_n
        k = tl.load(k_base + cols[None, :] * stride_kn + offs_d[:, None], mask=cols[None, :] < N_KV, other=0.0)
        scores = tl.dot(q, k) * qk_scale
        scores = tl.where(cols[None, :] < N_KV, scores, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(scores, 1))
        p = tl.math.exp2(scores - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_base + cols[:, None] * stride_vn + offs_d[None, :], mask=cols[:, None] < N_KV, other=0.0)
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_new

    acc = acc / l_i[:, None]
    tl.store(o_base + offs_m[:, None] * stride_om + offs_d[None, :], acc.to(tl.float16), mask=offs_m[:, None] < N_Q)


def attention_fwd(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, sm_scale: float) -> torch.Tensor:
    Z, H, n_q, head_dim = q.shape
    n_kv = k.shape[2]
    o = torch.empty_like(q)
    grid = lambda meta: (triton.cdiv(n_q, meta["BLOCK_M"]), Z * H)  # noqa: E731
    attention_fwd_kernel[grid](q, k, v, o, sm_scale,
                               q.stride(0), q.stride(1), q.stride(2), k.stride(0), k.stride(1), k.stride(2),
                               v.stride(0), v.stride(1), v.stride(2), o.stride(0), o.stride(1), o.stride(2),
                               Z, H, n_q, n_kv, HEAD_DIM=head_dim)
    return o
