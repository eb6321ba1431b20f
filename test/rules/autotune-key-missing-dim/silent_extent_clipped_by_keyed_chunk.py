import torch
import triton
import triton.language as tl


# Each program scans one chunk of the sequence. The chunk length is keyed;
# the sequence length only clips the last chunk (`min(chunk_size, ...)`)
# and, through the decoded program id, sets how many chunks run.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm, "BLOCK_K": bk}, num_warps=w)
             for bm in (32, 64) for bk in (16, 32) for w in (4, 8)],
    key=["chunk_size", "hdim"],
)
@triton.jit
def chunk_scan_kernel(x_ptr, out_ptr, chunk_size, hdim, batch, seqlen, stride_seq,
                      BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr, BLOCK_D: tl.constexpr):
    pid_bc = tl.program_id(1)
    pid_c = pid_bc // batch
    pid_m = tl.program_id(0)
    chunk_limit = min(chunk_size, seqlen - pid_c * chunk_size)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    acc = tl.zeros((BLOCK_M, BLOCK_D), dtype=tl.float32)
    for k in range(0, chunk_limit, BLOCK_K):
        offs_k = k + tl.arange(0, BLOCK_K)
        x = tl.load(x_ptr + offs_k[:, None] * stride_seq + offs_d[None, :],
                    mask=(offs_k[:, None] < chunk_limit - k) & (offs_d[None, :] < hdim), other=0.0)
        acc += tl.sum(x, axis=0)[None, :]
    tl.store(out_ptr + offs_m[:, None] * stride_seq + offs_d[None, :], acc,
             mask=(offs_m[:, None] < chunk_limit) & (offs_d[None, :] < hdim))


def chunk_scan(x: torch.Tensor, chunk_size: int) -> torch.Tensor:
    batch, seqlen, hdim = x.shape
    out = torch.empty_like(x)
    nchunks = triton.cdiv(seqlen, chunk_size)
    grid = lambda meta: (triton.cdiv(chunk_size, meta["BLOCK_M"]), batch * nchunks)
    chunk_scan_kernel[grid](x, out, chunk_size, hdim, batch, seqlen, x.stride(1),
                            BLOCK_D=triton.next_power_of_2(hdim))
    return out
