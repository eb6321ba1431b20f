import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": bm, "BLOCK_K": bk}, num_warps=4)
        for bm in (32, 64)
        for bk in (32, 64, 128)
    ],
    key=["CACHE_KEY_M"],
)
@triton.jit
def row_norms_kernel(x_ptr, out_ptr, M, K, CACHE_KEY_M,
                     BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    # The proxy covers M; nothing stands in for K, which bounds the loop.
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        cols = k + tl.arange(0, BLOCK_K)
        x = tl.load(x_ptr + rows[:, None] * K + cols[None, :], mask=rows[:, None] < M, other=0.0)
        acc += tl.sum(x * x, axis=1)
    tl.store(out_ptr + rows, tl.sqrt(acc), mask=rows < M)


@triton.autotune(configs=[triton.Config({"BLOCK": 1024}, num_warps=4)], key=[])
@triton.jit
def single_config_kernel(x_ptr, n, BLOCK: tl.constexpr):
    # One config is never benchmarked, so the key does not matter.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32), mask=offs < n)
