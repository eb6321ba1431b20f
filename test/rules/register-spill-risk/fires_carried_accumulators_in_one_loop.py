import triton
import triton.language as tl

HEAD_DIM = tl.constexpr(128)


# Backward of a block of keys: dk and dv are carried across the whole loop over
# queries, next to the fresh scores of each step; 128x128 tiles over four warps
# keep far more than 255 registers per thread live.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128}, num_stages=2, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64}, num_stages=2, num_warps=4),
    ],
    key=["seqlen"],
)
@triton.jit
def attn_bwd_dkdv_kernel(q_ptr, k_ptr, v_ptr, do_ptr, dk_ptr, dv_ptr, lse_ptr, delta_ptr, seqlen, stride_t,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start_n = tl.program_id(0) * BLOCK_N
    offs_n = start_n + tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    kv_mask = offs_n[:, None] < seqlen
    k = tl.load(k_ptr + offs_n[:, None] * stride_t + offs_d[None, :], mask=kv_mask, other=0.0)
    v = tl.load(v_ptr + offs_n[:, None] * stride_t + offs_d[None, :], mask=kv_mask, other=0.0)
    dk = tl.zeros((BLOCK_N, HEAD_DIM), dtype=tl.float32)
    dv = tl.zeros((BLOCK_N, HEAD_DIM), dtype=tl.float32)
    for start_m in range(0, seqlen, BLOCK_M):
        offs_m = start_m + tl.arange(0, BLOCK_M)
        q_mask = offs_m[:, None] < seqlen
        q = tl.load(q_ptr + offs_m[:, None] * stride_t + offs_d[None, :], mask=q_mask, other=0.0)
        do = tl.load(do_ptr + offs_m[:, None] * stride_t + offs_d[None, :], mask=q_mask, other=0.0)
        lse = tl.load(lse_ptr + offs_m, mask=offs_m < seqlen, other=0.0)
        delta = tl.load(delta_ptr + offs_m, mask=offs_m < seqlen, other=0.0)
        qk_t = tl.dot(k, tl.trans(q))
        p_t = tl.exp(qk_t - lse[None, :])
        dv += tl.dot(p_t.to(tl.float16), do)
        dp_t = tl.dot(v, tl.trans(do))
        ds_t = p_t * (dp_t - delta[None, :])
        dk += tl.dot(ds_t.to(tl.float16), q)
    tl.store(dk_ptr + offs_n[:, None] * stride_t + offs_d[None, :], dk.to(tl.float16), mask=kv_mask)
    tl.store(dv_ptr + offs_n[:, None] * stride_t + offs_d[None, :], dv.to(tl.float16), mask=kv_mask)


def attn_bwd_dkdv(q, k, v, do, dk, dv, lse, delta):
    seqlen, head_dim = q.shape
    grid = lambda meta: (triton.cdiv(seqlen, meta["BLOCK_N"]),)
    attn_bwd_dkdv_kernel[grid](q, k, v, do, dk, dv, lse, delta, seqlen, q.stride(0))
