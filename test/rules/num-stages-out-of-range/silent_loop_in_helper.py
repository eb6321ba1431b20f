import triton
import triton.language as tl


@triton.jit
def _accumulate_scores(acc, q, k_ptr, v_ptr, n_ctx, stride_k,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    # The pipelined loop lives here; Triton inlines this helper into the kernel.
    offs_d = tl.arange(0, HEAD_DIM)
    for start_n in range(0, n_ctx, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + offs_n[None, :] * stride_k + offs_d[:, None])
        v = tl.load(v_ptr + offs_n[:, None] * stride_k + offs_d[None, :])
        p = tl.dot(q, k).to(tl.float16)
        acc = tl.dot(p, v, acc)
    return acc


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": bn}, num_stages=s, num_warps=8)
        for bn in (32, 64)
        for s in (2, 3, 4)
    ],
    key=["n_ctx"],
)
@triton.jit
def attention_fwd_kernel(q_ptr, k_ptr, v_ptr, o_ptr, n_ctx, stride_k,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + offs_m[:, None] * stride_k + offs_d[None, :])
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)
    acc = _accumulate_scores(acc, q, k_ptr, v_ptr, n_ctx, stride_k, BLOCK_M, BLOCK_N, HEAD_DIM)
    tl.store(o_ptr + offs_m[:, None] * stride_k + offs_d[None, :], acc.to(tl.float16))
