import triton
import triton.language as tl


# Block-sparse attention over the key tiles a selector listed: the loop runs
# a count loaded from memory, and the loads of the key and value tiles
# pass `boundary_check`: the key length in the block pointers' shape bounds
# them, which is the kernel sizing its accesses by it: reported.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": 64, "BLOCK_N": 64}, num_warps=w, num_stages=s) for w in (4, 8) for s in (3, 4)],
    key=["N_CTX_Q", "HEAD_DIM"],
)
@triton.jit
def sparse_attn_fwd(Q, K, V, Out, kv_index, kv_count, stride_qm, stride_kn, stride_vn, stride_om, N_CTX_Q, N_CTX_KV,
                    max_kv_blocks, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    q_blk = tl.program_id(0)
    q_tiles = N_CTX_Q // BLOCK_M
    n_kv = tl.load(kv_count + q_blk)
    q_ptr = tl.make_block_ptr(base=Q, shape=(N_CTX_Q, HEAD_DIM), strides=(stride_qm, 1), offsets=(q_blk * BLOCK_M, 0),
                              block_shape=(BLOCK_M, HEAD_DIM), order=(1, 0))
    k_base = tl.make_block_ptr(base=K, shape=(HEAD_DIM, N_CTX_KV), strides=(1, stride_kn), offsets=(0, 0),
                               block_shape=(HEAD_DIM, BLOCK_N), order=(0, 1))
    v_base = tl.make_block_ptr(base=V, shape=(N_CTX_KV, HEAD_DIM), strides=(stride_vn, 1), offsets=(0, 0),
                               block_shape=(BLOCK_N, HEAD_DIM), order=(1, 0))
    q = tl.load(q_ptr)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    for i in range(0, n_kv):
        kv_blk = tl.load(kv_index + (q_blk % q_tiles) * max_kv_blocks + i)
        k = tl.load(tl.advance(k_base, (0, kv_blk * BLOCK_N)), boundary_check=(1, ))
        v = tl.load(tl.advance(v_base, (kv_blk * BLOCK_N, 0)), boundary_check=(0, ))
        p = tl.dot(q, k).to(tl.float16)
        acc += tl.dot(p, v)
    o_ptr = tl.make_block_ptr(base=Out, shape=(N_CTX_Q, HEAD_DIM), strides=(stride_om, 1),
                              offsets=(q_blk * BLOCK_M, 0), block_shape=(BLOCK_M, HEAD_DIM), order=(1, 0))
    tl.store(o_ptr, acc.to(tl.float16))
