import math

import torch
import triton
import triton.language as tl


# The log-sum-exp rows are allocated padded to a multiple of 128 and the
# launch passes that padded length as the row stride: the last program's
# unmasked store of BLOCK_M values lands in its row's padding, since every
# config's BLOCK_M divides 128.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm}, num_warps=4) for bm in (64, 128)],
    key=["seqlen_q"],
)
@triton.jit
def row_lse_kernel(X, Lse, stride_xb, seqlen_q, seqlen_q_rounded, BLOCK_M: tl.constexpr, BLOCK_D: tl.constexpr):
    start_m = tl.program_id(0)
    off_b = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    x = tl.load(X + off_b * stride_xb + offs_m[:, None] * BLOCK_D + offs_d[None, :], mask=offs_m[:, None] < seqlen_q,
                other=float("-inf"))
    m = tl.max(x, axis=1)
    lse = m + tl.log(tl.sum(tl.exp(x - m[:, None]), axis=1))
    tl.store(Lse + off_b * seqlen_q_rounded + offs_m, lse)


def row_lse(x: torch.Tensor) -> torch.Tensor:
    batch, seqlen_q, d = x.shape
    seqlen_q_rounded = math.ceil(seqlen_q / 128) * 128
    lse = torch.empty((batch, seqlen_q_rounded), device=x.device, dtype=torch.float32)
    grid = lambda meta: (triton.cdiv(seqlen_q, meta["BLOCK_M"]), batch)
    row_lse_kernel[grid](x, lse, x.stride(0), seqlen_q, seqlen_q_rounded, BLOCK_D=d)
    return lse
