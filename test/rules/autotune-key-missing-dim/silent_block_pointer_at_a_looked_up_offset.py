import torch
import triton
import triton.language as tl


# Block-sparse attention: each program attends one query block to the
# TOP_N key blocks a selection step chose, reaching each through a block
# pointer at the offset it looks up. `M` (the key length) only bounds those
# looked-up blocks: the work is TOP_N blocks of BLOCK_M keys whatever `M`.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm}, num_warps=w, num_stages=s)
             for bm in (32, 64) for w in (4, 8) for s in (2, 3)],
    key=["D", "TOP_N"],
)
@triton.jit
def selected_block_attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, idx_ptr, M, q_stride, k_stride, v_stride,
                                    D: tl.constexpr, TOP_N: tl.constexpr, BLOCK_M: tl.constexpr):
    row = tl.program_id(0)
    dims = tl.arange(0, D)
    q = tl.load(q_ptr + row * q_stride + dims)
    acc = tl.zeros((D,), dtype=tl.float32)
    m_i = float("-inf")
    l_i = 0.0
    for i in range(TOP_N):
        start_m = tl.load(idx_ptr + row * TOP_N + i).to(tl.int32) * BLOCK_M
        k_block = tl.make_block_ptr(k_ptr, (M, D), (k_stride, 1), (start_m, 0), (BLOCK_M, D), (1, 0))
        v_block = tl.make_block_ptr(v_ptr, (M, D), (v_stride, 1), (start_m, 0), (BLOCK_M, D), (1, 0))
        k = tl.load(k_block, boundary_check=(0, 1))
        v = tl.load(v_block, boundary_check=(0, 1))
        s = tl.sum(k * q[None, :], axis=1)
        m_new = tl.maximum(m_i, tl.max(s, axis=0))
        p = tl.exp(s - m_new)
        alpha = tl.exp(m_i - m_new)
        acc = acc * alpha + tl.sum(p[:, None] * v, axis=0)
        l_i = l_i * alpha + tl.sum(p, axis=0)
        m_i = m_new
    tl.store(o_ptr + row * q_stride + dims, acc / l_i)


def selected_block_attention(q, k, v, idx):
    N, D = q.shape
    M = k.shape[0]
    top_n = idx.shape[1]
    out = torch.empty_like(q)
    selected_block_attention_kernel[(N,)](q, k, v, out, idx, M, q.stride(0), k.stride(0), v.stride(0), D=D, TOP_N=top_n)
    return out
