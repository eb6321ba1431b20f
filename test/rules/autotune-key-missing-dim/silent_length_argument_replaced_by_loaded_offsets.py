# Variable-length decoding: the kernel takes `T` (the padded length) but
# replaces it, before any use, by the sequence's own length read from
# `cu_seqlens`. Every later use reads the loaded length, so `T` sizes
# nothing and need not be in the key.
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({}, num_warps=w, num_stages=s) for w in (1, 2, 4) for s in (2, 3)],
                 key=["H", "K"])
@triton.jit
def decode_attention_kernel(q, k, o, cu_seqlens, scale, T, H: tl.constexpr, K: tl.constexpr, BS: tl.constexpr):
    i_b, i_h = tl.program_id(0), tl.program_id(1)
    bos = tl.load(cu_seqlens + i_b).to(tl.int64)
    eos = tl.load(cu_seqlens + i_b + 1).to(tl.int64)
    T = eos - bos
    offs_k = tl.arange(0, K)
    b_q = tl.load(q + (i_b * H + i_h) * K + offs_k) * scale
    b_m = tl.full([1], float("-inf"), dtype=tl.float32)
    b_acc = tl.zeros([K], dtype=tl.float32)
    for i_s in range(0, T, BS):
        offs_s = i_s + tl.arange(0, BS)
        mask = offs_s < T
        b_k = tl.load(k + ((bos + offs_s[:, None]) * H + i_h) * K + offs_k[None, :], mask=mask[:, None], other=0.0)
        b_s = tl.where(mask, tl.sum(b_k * b_q[None, :], 1), float("-inf"))
        b_m = tl.maximum(b_m, tl.max(b_s, 0))
        b_acc += tl.sum(b_k * tl.exp(b_s - b_m)[:, None], 0)
    tl.store(o + (i_b * H + i_h) * K + offs_k, b_acc.to(o.dtype.element_ty))


def decode_attention(q, k, cu_seqlens, scale, max_len):
    batch, heads, dim = q.shape
    o = q.new_empty(q.shape)
    decode_attention_kernel[(batch, heads)](q, k, o, cu_seqlens, scale, max_len, H=heads, K=dim, BS=64)
    return o
