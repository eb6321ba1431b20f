import triton
import triton.language as tl


# Sparse decode over the top-k blocks a selector chose: the loop runs over
# this split's share of the valid indices, counted from the loaded index row
# (`tl.sum(valid != -1)`). The strides only walk the index and cache
# pointers, and the count is at most the index tile: nothing the key leaves
# out sizes the work.
@triton.autotune(
    configs=[triton.Config({}, num_warps=w, num_stages=s) for w in (4, 8) for s in (2, 3)],
    key=["head_dim", "block_size"],
)
@triton.jit
def topk_sparse_decode_kernel(q_ptr, kv_ptr, idx_ptr, o_ptr, head_dim, block_size, stride_ih, stride_ib, stride_it,
                              stride_kv, NUM_SPLITS: tl.constexpr, BLOCK_T: tl.constexpr, BLOCK_N: tl.constexpr,
                              BLOCK_D: tl.constexpr):
    pid_h = tl.program_id(0)
    pid_b = tl.program_id(1)
    pid_s = tl.program_id(2)
    offs_t = tl.arange(0, BLOCK_T)
    idx_row = idx_ptr + pid_h * stride_ih + pid_b * stride_ib
    idx = tl.load(idx_row + offs_t * stride_it, mask=offs_t < BLOCK_T, other=-1)
    valid = tl.where(idx >= 0, offs_t, -1)
    real_topk = tl.sum(valid != -1, axis=0)
    per_split = (BLOCK_T + NUM_SPLITS - 1) // NUM_SPLITS
    start = pid_s * per_split
    end = tl.minimum(start + per_split, real_topk)
    offs_d = tl.arange(0, BLOCK_D)
    q = tl.load(q_ptr + pid_b * head_dim + offs_d, mask=offs_d < head_dim, other=0.0)
    acc = tl.zeros((BLOCK_D, ), dtype=tl.float32)
    cur = idx_row + start * stride_it
    for _ in tl.range(start, end):
        block = tl.load(cur)
        cur += stride_it
        offs_n = block * BLOCK_N + tl.arange(0, BLOCK_N)
        kv = tl.load(kv_ptr + offs_n[:, None] * stride_kv + offs_d[None, :], mask=offs_d[None, :] < head_dim,
                     other=0.0)
        scores = tl.sum(kv * q[None, :], axis=1)
        acc += tl.sum(kv * scores[:, None], axis=0)
    tl.store(o_ptr + (pid_s * 4096 + pid_b) * head_dim + offs_d, acc, mask=offs_d < head_dim)
