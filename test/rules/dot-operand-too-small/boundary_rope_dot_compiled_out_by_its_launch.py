import torch
import triton
import triton.language as tl


# Decode attention with an optional rotary part of width BLOCK_DPE: its
# dot runs only `if BLOCK_DPE > 0:`, inside the loop over the keys. The
# launch for plain heads passes 0, which compiles that dot out; the launch
# for heads with an 8-wide rotary part builds it with K = 8.
@triton.jit
def decode_qk_kernel(q_ptr, k_ptr, out_ptr, seq_len, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr,
                     BLOCK_DPE: tl.constexpr):
    head = tl.program_id(0)
    offs_h = tl.arange(0, 16)
    offs_d = tl.arange(0, BLOCK_D)
    q = tl.load(q_ptr + head * 16 * BLOCK_D + offs_h[:, None] * BLOCK_D + offs_d[None, :])
    if BLOCK_DPE > 0:
        offs_dpe = tl.arange(0, BLOCK_DPE)
        qpe = tl.load(q_ptr + BLOCK_D + offs_h[:, None] * BLOCK_DPE + offs_dpe[None, :])
    best = tl.full((16,), float("-inf"), dtype=tl.float32)
    for start in range(0, seq_len, BLOCK_N):
        offs_n = start + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + offs_n[None, :] * BLOCK_D + offs_d[:, None], mask=offs_n[None, :] < seq_len, other=0.0)
        qk = tl.dot(q, k)
        if BLOCK_DPE > 0:
            kpe = tl.load(k_ptr + offs_n[None, :] * BLOCK_DPE + offs_dpe[:, None], mask=offs_n[None, :] < seq_len,
                          other=0.0)
            qk += tl.dot(qpe, kpe)
        best = tl.maximum(best, tl.max(qk, 1))
    tl.store(out_ptr + head * 16 + offs_h, best)


def decode_qk(q, k, heads):
    out = torch.empty((heads, 16), device=q.device, dtype=torch.float32)
    decode_qk_kernel[(heads,)](q, k, out, k.shape[0], BLOCK_N=64, BLOCK_D=64, BLOCK_DPE=0)
    return out


def decode_qk_rope(q, k, heads):
    out = torch.empty((heads, 16), device=q.device, dtype=torch.float32)
    decode_qk_kernel[(heads,)](q, k, out, k.shape[0], BLOCK_N=64, BLOCK_D=64, BLOCK_DPE=8)
    return out
