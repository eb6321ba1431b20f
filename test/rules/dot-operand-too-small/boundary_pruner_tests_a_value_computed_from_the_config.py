import torch
import triton
import triton.language as tl

# The same list, but the pruner tests only values computed from a config
# and the size (`n_ctx % max(block_m, block_n) == 0`): which configs it
# keeps depends on the size, and the BLOCK_N = 0 configs are reported.
CONFIGS = [triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_warps=4) for bm in (32, 64) for bn in (32, 64)] + [
    triton.Config({"BLOCK_M": bm, "BLOCK_N": 0}, num_warps=4) for bm in (32, 64)
]


def is_attention_candidate(config, n_ctx):
    block_m = config.kwargs["BLOCK_M"]
    block_n = config.kwargs["BLOCK_N"]
    return n_ctx % max(block_m, block_n) == 0 and n_ctx >= block_n


def prune_attention(configs, named_args, **kwargs):
    n_ctx = named_args["N_CTX"]
    return list(filter(lambda config: is_attention_candidate(config, n_ctx), configs))


@triton.autotune(configs=CONFIGS, key=["N_CTX"], prune_configs_by={"early_config_prune": prune_attention})
@triton.jit
def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + offs_m[:, None] * HEAD_DIM + offs_d[None, :], mask=offs_m[:, None] < N_CTX, other=0.0)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)
    for start_n in range(0, N_CTX, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        kv_mask = offs_n[:, None] < N_CTX
        k = tl.load(k_ptr + offs_n[:, None] * HEAD_DIM + offs_d[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + offs_n[:, None] * HEAD_DIM + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k))
        p = tl.exp(s - tl.max(s, axis=1)[:, None])
        acc += tl.dot(p.to(tl.float16), v)
    tl.store(o_ptr + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc, mask=offs_m[:, None] < N_CTX)


def attention(q, k, v):
    n_ctx, head_dim = q.shape
    out = torch.empty_like(q, dtype=torch.float32)
    attention_kernel[lambda meta: (triton.cdiv(n_ctx, meta["BLOCK_M"]),)](q, k, v, out, n_ctx, HEAD_DIM=head_dim)
    return out
