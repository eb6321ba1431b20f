# A loop bounded by a tile's shape runs a number of times fixed when the
# kernel compiles: reading `.shape` of a tile that holds `q * scale` scores
# reads the tile's size, not `scale` or the sequence length behind it.
import torch
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({}, num_warps=w) for w in (1, 2, 4, 8)], key=["DIM"])
@triton.jit
def top_blocks_kernel(q_ptr, k_ptr, out_ptr, scale, seq_len, BLOCK: tl.constexpr, DIM: tl.constexpr):
    pos = tl.program_id(0)
    offs_d = tl.arange(0, DIM)
    q = tl.load(q_ptr + pos * DIM + offs_d[None, :] + tl.zeros((16, DIM), dtype=tl.int32))
    q = (q * scale - seq_len).to(q.dtype)
    best = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, pos // BLOCK + 1, BLOCK):
        offs_n = start + tl.arange(0, BLOCK)
        k = tl.load(k_ptr + offs_n[None, :] * DIM + offs_d[:, None])
        scores = tl.dot(q, k)
        weights = tl.sum(tl.exp(scores), 0)
        levels: tl.constexpr = tl.standard._log2(weights.shape[0])
        for level in tl.static_range(1, levels):
            weights = tl.maximum(weights, tl.flip(weights, 0))
        best = tl.maximum(best, weights)
    tl.store(out_ptr + pos * BLOCK + tl.arange(0, BLOCK), best)


def top_blocks(q: torch.Tensor, k: torch.Tensor, scale: float) -> torch.Tensor:
    seq_len, dim = k.shape
    out = torch.empty((q.shape[0], 64), device=q.device, dtype=torch.float32)
    top_blocks_kernel[(q.shape[0],)](q, k, out, scale, seq_len, BLOCK=64, DIM=dim)
    return out
