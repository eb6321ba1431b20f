import triton
import triton.language as tl


# Split-K gather attention: each split walks `topk_per_split` of the selected
# keys from its own start; `topk` only clips the last split. The loop's
# extent is bounded by the keyed `topk_per_split`, whatever `topk`.
@triton.autotune(
    configs=[triton.Config({"BLOCK_N": n}, num_warps=w) for n in (32, 64) for w in (4, 8)],
    key=["topk_per_split", "head_dim"],
)
@triton.jit
def gather_attn_splitk_kernel(q_ptr, kv_ptr, idx_ptr, o_ptr, topk, topk_per_split, head_dim, stride_kv,
                              BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    pid_b = tl.program_id(0)
    pid_k = tl.program_id(1)
    k_start = pid_k * topk_per_split
    k_end = tl.minimum(k_start + topk_per_split, topk)
    offs_d = tl.arange(0, BLOCK_D)
    q = tl.load(q_ptr + pid_b * head_dim + offs_d, mask=offs_d < head_dim, other=0.0)
    acc = tl.zeros((BLOCK_D, ), dtype=tl.float32)
    for n_start in range(k_start, k_end, BLOCK_N):
        offs_n = n_start + tl.arange(0, BLOCK_N)
        rows = tl.load(idx_ptr + pid_b * topk + offs_n, mask=offs_n < k_end, other=0)
        kv = tl.load(kv_ptr + rows[:, None] * stride_kv + offs_d[None, :],
                     mask=(offs_n[:, None] < k_end) & (offs_d[None, :] < head_dim), other=0.0)
        p = tl.sum(kv * q[None, :], axis=1)
        acc += tl.sum(kv * p[:, None], axis=0)
    tl.store(o_ptr + (pid_k * 1024 + pid_b) * head_dim + offs_d, acc, mask=offs_d < head_dim)
