import triton
import triton.language as tl

MAX_BLOCK = 1024


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_N": min(bn, MAX_BLOCK)}, num_warps=4)
        for bn in (256, 512, 1024, 2048, 4096)
    ],
    key=["n_cols"],
)
@triton.jit
def row_l2_kernel(x_ptr, out_ptr, n_cols, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        acc += x * x
    tl.store(out_ptr + row, tl.sqrt(tl.sum(acc, axis=0)))
