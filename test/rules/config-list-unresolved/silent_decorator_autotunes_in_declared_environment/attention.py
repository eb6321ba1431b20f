# The same decorator with the variable given in .btlint.yaml: the name is
# triton.autotune itself, and the list is read whole.
import os

import triton
import triton.language as tl

if os.environ.get("ATTN_AUTOTUNE", "0") == "1":
    autotune = triton.autotune
else:

    def autotune(*args, **kwargs):
        def decorator(fn):
            return fn

        return decorator


FWD_CONFIGS = [
    triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_stages=s, num_warps=w)
    for bm in (64, 128)
    for bn in (32, 64)
    for s in (2, 3)
    for w in (4, 8)
]


@autotune(list(FWD_CONFIGS), key=["N_CTX"])
@triton.jit
def attn_fwd(q_ptr, o_ptr, N_CTX, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    q = tl.load(q_ptr + offs, mask=offs < N_CTX)
    tl.store(o_ptr + offs, q * 2, mask=offs < N_CTX)
