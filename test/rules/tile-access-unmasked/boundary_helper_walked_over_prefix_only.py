import torch
import triton
import triton.language as tl


@triton.jit
def _bwd_one_block(start_m, offs_m, offs_d, q_ptr, k, seq_len, stride_qm, BLOCK_M: tl.constexpr):
    pos_m = offs_m + start_m
    mask_m = pos_m < seq_len
    q = tl.load(q_ptr + pos_m[:, None] * stride_qm + offs_d[None, :], mask=mask_m[:, None], other=0.0)
    return tl.dot(q, tl.trans(k))


@triton.jit
def attn_bwd_prefix_only(q_ptr, k_ptr, out_ptr, seq_len, prefix_len, stride_qm, stride_km,
                    HAS_PREFIX: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                    BLOCK_D: tl.constexpr):
    pid = tl.program_id(0)
    offs_n = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_m = tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    k = tl.load(k_ptr + offs_n[:, None] * stride_km + offs_d[None, :], mask=offs_n[:, None] < seq_len, other=0.0)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    if HAS_PREFIX:
        for start_m in range(0, prefix_len, BLOCK_M):
            acc += _bwd_one_block(start_m, offs_m, offs_d, q_ptr, k, seq_len, stride_qm, BLOCK_M)
    tl.store(out_ptr + offs_m[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :], acc)


def run(q, k, prefix_len):
    seq_len, d = q.shape
    out = torch.empty((64, 64), device=q.device, dtype=torch.float32)
    attn_bwd_prefix_only[(triton.cdiv(seq_len, 64),)](q, k, out, seq_len, prefix_len, q.stride(0), k.stride(0),
                                                  HAS_PREFIX=prefix_len > 0, BLOCK_M=64, BLOCK_N=64, BLOCK_D=d)
