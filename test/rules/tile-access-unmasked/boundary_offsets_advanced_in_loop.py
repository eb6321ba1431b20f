import triton
import triton.language as tl


@triton.jit
def col_sum_kernel(x_ptr, out_ptr, K, BLOCK_K: tl.constexpr = 256):
    offs = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_K,), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BLOCK_K)):
        acc += tl.load(x_ptr + offs, mask=offs < K, other=0.0)
        offs += BLOCK_K
    # Not walked: the second loop re-reads the first tile only.
    first = tl.arange(0, BLOCK_K)
    for _ in range(0, tl.cdiv(K, BLOCK_K)):
        acc += tl.load(x_ptr + first)
    tl.store(out_ptr, tl.sum(acc))
