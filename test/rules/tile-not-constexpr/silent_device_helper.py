import triton
import triton.language as tl


@triton.jit
def causal_offsets(start, rows, cols):
    # A device helper: the kernel below passes its constexpr tile sizes, and
    # Triton keeps them constexpr here, so `rows` and `cols` need no annotation.
    r = start + tl.arange(0, rows)
    c = tl.arange(0, cols)
    return r[:, None], c[None, :]


@triton.jit
def causal_mask_kernel(scores_ptr, n_ctx, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start = tl.program_id(0) * BLOCK_M
    r, c = causal_offsets(start, BLOCK_M, BLOCK_N)
    mask = (r < n_ctx) & (c < n_ctx)
    s = tl.load(scores_ptr + r * n_ctx + c, mask=mask, other=0.0)
    tl.store(scores_ptr + r * n_ctx + c, tl.where(c <= r, s, float("-inf")), mask=mask)
