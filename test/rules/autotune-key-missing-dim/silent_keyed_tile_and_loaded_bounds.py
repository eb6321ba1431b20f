import torch
import triton
import triton.language as tl


# A recurrence over the chunks of each sequence: the chunk is keyed, so every
# step is the same work whatever the length; the feature tile is keyed too
# (BLOCK_D, computed from dim by the launcher), so `dim` only clips it. In
# the packed variant the sequence bounds come from memory (`cu_seqlens`):
# the stride that indexes them sizes nothing.
@triton.autotune(
    configs=[triton.Config({}, num_stages=s, num_warps=w) for s in (1, 2, 3) for w in (2, 4, 8)],
    key=["CHUNK", "BLOCK_D"],
)
@triton.jit
def cumulative_kernel(x_ptr, out_ptr, cu_seqlens_ptr, seqlen, dim, stride_seq, stride_cu,
                      CHUNK: tl.constexpr, BLOCK_D: tl.constexpr, PACKED: tl.constexpr):
    pid = tl.program_id(0)
    if PACKED:
        start = tl.load(cu_seqlens_ptr + pid * stride_cu)
        end = tl.load(cu_seqlens_ptr + (pid + 1) * stride_cu)
        length = end - start
    else:
        start = pid * seqlen
        length = seqlen
    cols = tl.arange(0, BLOCK_D)
    state = tl.zeros((BLOCK_D,), dtype=tl.float32)
    for c in range(tl.cdiv(length, CHUNK)):
        rows = c * CHUNK + tl.arange(0, CHUNK)
        mask = (rows[:, None] < length) & (cols[None, :] < dim)
        x = tl.load(x_ptr + (start + rows[:, None]) * stride_seq + cols[None, :], mask=mask, other=0.0)
        out = tl.cumsum(x, axis=0) + state[None, :]
        tl.store(out_ptr + (start + rows[:, None]) * stride_seq + cols[None, :], out, mask=mask)
        state += tl.sum(x, axis=0)


def cumulative(x: torch.Tensor, chunk: int = 64) -> torch.Tensor:
    batch, seqlen, dim = x.shape
    out = torch.empty_like(x)
    BLOCK_D = triton.next_power_of_2(dim)
    cumulative_kernel[(batch,)](x, out, x, seqlen, dim, x.stride(1), 1,
                                CHUNK=chunk, BLOCK_D=BLOCK_D, PACKED=False)
    return out
