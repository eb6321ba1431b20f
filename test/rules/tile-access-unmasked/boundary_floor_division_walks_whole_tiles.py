import triton
import triton.language as tl


@triton.jit
def sum_full_tiles_kernel(x_ptr, out_ptr, K, BLOCK_K: tl.constexpr = 128):
    acc = tl.zeros((BLOCK_K,), dtype=tl.float32)
    # K // BLOCK_K walks whole tiles only; the tail is summed apart, masked.
    for k in range(0, K // BLOCK_K):
        offs = k * BLOCK_K + tl.arange(0, BLOCK_K)
        acc += tl.load(x_ptr + offs)
    tail = (K // BLOCK_K) * BLOCK_K + tl.arange(0, BLOCK_K)
    acc += tl.load(x_ptr + tail, mask=tail < K, other=0.0)
    tl.store(out_ptr, tl.sum(acc))
