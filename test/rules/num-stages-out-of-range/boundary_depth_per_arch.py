# btlint-test: --arch sm75,sm80
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_K": 32}, num_stages=1, num_warps=4),
        triton.Config({"BLOCK_K": 32}, num_stages=2, num_warps=4),
        triton.Config({"BLOCK_K": 64}, num_stages=8, num_warps=4),
    ],
    key=["K"],
)
@triton.jit
def row_dot_kernel(a_ptr, b_ptr, out_ptr, K, BLOCK_K: tl.constexpr):
    # One stage pipelines nothing anywhere; two already mean nothing on sm75;
    # eight is the deepest the table accepts on sm80.
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK_K,), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        cols = k + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + row * K + cols, mask=cols < K, other=0.0)
        b = tl.load(b_ptr + cols, mask=cols < K, other=0.0)
        acc += a * b
    tl.store(out_ptr + row, tl.sum(acc, axis=0))
