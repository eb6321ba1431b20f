import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_H": h, "BLOCK_S": s}, num_warps=w)
        for h in (16, 32) for s in (32, 64) for w in (4, 8)
    ],
    key=["num_heads", "head_dim"],
)
@triton.jit
def gather_attention_kernel(q_ptr, kv_ptr, idx_ptr, indptr_ptr, out_ptr, num_heads, head_dim, pool_size, scale,
                            BLOCK_H: tl.constexpr, BLOCK_D: tl.constexpr, BLOCK_S: tl.constexpr):
    # Each query attends to the slots its index list names; `pool_size` only
    # rejects slot numbers out of the pool (a check on loaded data), and the
    # loop's length comes from the index pointers, which no key can name.
    query = tl.program_id(0)
    heads = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)
    dims = tl.arange(0, BLOCK_D)
    q = tl.load(q_ptr + (query * num_heads + heads[:, None]) * head_dim + dims[None, :],
                mask=(heads[:, None] < num_heads) & (dims[None, :] < head_dim), other=0.0)
    start = tl.load(indptr_ptr + query)
    count = tl.load(indptr_ptr + query + 1) - start
    acc = tl.zeros((BLOCK_H, BLOCK_D), dtype=tl.float32)
    for s0 in range(0, count, BLOCK_S):
        offs = s0 + tl.arange(0, BLOCK_S)
        slot = tl.load(idx_ptr + start + offs, mask=offs < count, other=-1)
        ok = (offs < count) & (slot >= 0) & (slot < pool_size)
        kv = tl.load(kv_ptr + slot[:, None] * head_dim + dims[None, :],
                     mask=ok[:, None] & (dims[None, :] < head_dim), other=0.0)
        p = tl.dot(q, tl.trans(kv)) * scale
        acc += tl.dot(p.to(kv.dtype), kv)
    tl.store(out_ptr + (query * num_heads + heads[:, None]) * head_dim + dims[None, :], acc,
             mask=(heads[:, None] < num_heads) & (dims[None, :] < head_dim))
