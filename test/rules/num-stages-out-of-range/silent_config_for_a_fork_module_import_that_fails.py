import triton
import triton.language as tl

# A hand-pipelined variant exists only on a fork that ships
# `triton.language.extra.tlx`; upstream Triton has no such module, the
# import fails, and the num_stages=0 config is never added.
try:
    import triton.language.extra.tlx as tlx  # noqa: F401

    HAS_TLX = True
except ImportError:
    HAS_TLX = False


def get_configs():
    configs = [
        triton.Config({"BLOCK_M": bm, "BLOCK_N": 64, "BLOCK_K": 32}, num_stages=s, num_warps=4)
        for bm in (64, 128)
        for s in (2, 3, 4)
    ]
    if HAS_TLX:
        configs.append(triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_stages=0, num_warps=8))
    return configs


@triton.autotune(configs=get_configs(), key=["M", "N", "K"])
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + offs_m[:, None] * K + (k + offs_k)[None, :])
        b = tl.load(b_ptr + (k + offs_k)[:, None] * N + offs_n[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)
