import torch
import triton
import triton.language as tl


# The bias pointer is set per BIAS_TYPE arm: a vector along the keys, or a
# matrix of queries by keys. The loop reads the vector one without a mask
# where EVEN_N says the key length divides: that arm's pointer has no query
# axis, whatever the matrix arm assigned after it.
@triton.heuristics({
    "EVEN_N": lambda args: args["seqlen_k"] % args["BLOCK_N"] == 0,
})
@triton.jit
def attn_bias_kernel(q_ptr, k_ptr, bias_ptr, out_ptr, seqlen_q, seqlen_k, stride_qm, stride_kn, stride_bm,
                     BIAS_TYPE: tl.constexpr, EVEN_N: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     BLOCK_D: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, BLOCK_D)
    q = tl.load(q_ptr + offs_m[:, None] * stride_qm + offs_d[None, :], mask=offs_m[:, None] < seqlen_q, other=0.0)
    if BIAS_TYPE == "vector":
        b_ptrs = bias_ptr + offs_n
    elif BIAS_TYPE == "matrix":
        b_ptrs = bias_ptr + offs_m[:, None] * stride_bm + offs_n[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_D), dtype=tl.float32)
    for start_n in range(0, seqlen_k, BLOCK_N):
        k = tl.load(k_ptr + (start_n + offs_n)[:, None] * stride_kn + offs_d[None, :],
                    mask=(start_n + offs_n)[:, None] < seqlen_k, other=0.0)
        qk = tl.dot(q, tl.trans(k))
        if BIAS_TYPE == "vector":
            if EVEN_N:
                bias = tl.load(b_ptrs + start_n)
            else:
                bias = tl.load(b_ptrs + start_n, mask=(start_n + offs_n) < seqlen_k, other=0.0)
            qk += bias[None, :]
        elif BIAS_TYPE == "matrix":
            bias = tl.load(b_ptrs + start_n, mask=(offs_m[:, None] < seqlen_q) & ((start_n + offs_n)[None, :] < seqlen_k),
                           other=0.0)
            qk += bias
        acc += tl.dot(qk.to(tl.float16), k)
    tl.store(out_ptr + offs_m[:, None] * stride_qm + offs_d[None, :], acc, mask=offs_m[:, None] < seqlen_q)


def attention_with_bias(q, k, bias, bias_type):
    out = torch.empty_like(q)
    seqlen_q, seqlen_k = q.shape[0], k.shape[0]
    grid = lambda meta: (triton.cdiv(seqlen_q, meta["BLOCK_M"]),)
    attn_bias_kernel[grid](q, k, bias, out, seqlen_q, seqlen_k, q.stride(0), k.stride(0), bias.stride(0),
                           BIAS_TYPE=bias_type, BLOCK_M=64, BLOCK_N=64, BLOCK_D=64)
    return out
