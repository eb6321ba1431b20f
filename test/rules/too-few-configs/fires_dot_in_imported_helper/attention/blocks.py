import triton
import triton.language as tl


@triton.jit
def attend_block(q, k_ptrs, v_ptrs, acc, SCALE: tl.constexpr):
    # The two matmuls of one key block: the kernel's dots live here.
    scores = tl.dot(q, tl.trans(tl.load(k_ptrs))) * SCALE
    probs = tl.exp(scores - tl.max(scores, axis=1)[:, None])
    return acc + tl.dot(probs.to(q.dtype), tl.load(v_ptrs))
