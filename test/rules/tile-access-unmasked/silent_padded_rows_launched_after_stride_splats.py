import math

import torch
import triton
import triton.language as tl


# The softmax statistics are kept per row in buffers padded to a multiple of
# 128, and every BLOCK_M divides 128: the unmasked store of the last row
# tile lands in the padding. The launch passes optional strides as `*`
# splats of three values; the sizes after them keep their places.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm}, num_warps=4) for bm in (32, 64, 128)],
    key=["seqlen_q"],
)
@triton.jit
def row_stats_kernel(X, Bias, Lse, stride_xb, stride_xm, stride_bb, stride_bh, stride_bm, nheads, seqlen_q,
                     seqlen_q_rounded, HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr):
    start_m = tl.program_id(0)
    off_hb = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    x = tl.load(X + off_hb * stride_xb + offs_m * stride_xm, mask=offs_m < seqlen_q, other=0.0)
    if HAS_BIAS:
        off_b = off_hb // nheads
        off_h = off_hb % nheads
        x += tl.load(Bias + off_b * stride_bb + off_h * stride_bh + offs_m * stride_bm, mask=offs_m < seqlen_q,
                     other=0.0)
    lse_ptrs = Lse + off_hb * seqlen_q_rounded + offs_m
    tl.store(lse_ptrs, tl.log(tl.exp(x) + 1.0))


def row_stats(x, bias=None):
    batch, nheads, seqlen_q = x.shape
    bias_strides = (bias.stride(0), bias.stride(1), bias.stride(2)) if bias is not None else (0, 0, 0)
    seqlen_q_rounded = math.ceil(seqlen_q / 128) * 128
    lse = torch.empty((batch, nheads, seqlen_q_rounded), device=x.device, dtype=torch.float32)
    grid = lambda META: (triton.cdiv(seqlen_q, META["BLOCK_M"]), batch * nheads)
    row_stats_kernel[grid](x, bias, lse, x.stride(1), x.stride(2), *bias_strides, nheads, seqlen_q,
                           seqlen_q_rounded, HAS_BIAS=bias is not None)
    return lse
