import torch
import triton
import triton.language as tl


# The scaled GEMM launched with fp16 activations in one place and fp32 in
# another: the launches do not agree on what `x_ptr` holds, so its loads are
# sized in the dots' type (fp16: 4 x 256x64 x 2 bytes of ring) and the config
# fits. A launch of fp32 activations alone would overflow (see
# fires_activation_type_from_launch).
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": 256, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=8, num_stages=5)],
    key=["M", "N", "K"],
)
@triton.jit
def scaled_matmul_kernel(x_ptr, w_ptr, scale_ptr, out_ptr, M, N, K,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        x = tl.load(x_ptr + rows[:, None] * K + (k + ks)[None, :], mask=rows[:, None] < M, other=0.0)
        s = tl.load(scale_ptr + k + ks)
        a = (x * s[None, :]).to(tl.float16)
        w = tl.load(w_ptr + (k + ks)[:, None] * N + cols[None, :], mask=cols[None, :] < N, other=0.0)
        acc += tl.dot(a, w)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], acc.to(tl.float16),
             mask=(rows[:, None] < M) & (cols[None, :] < N))


def scaled_matmul(x, w, scale, out, full_precision):
    M, K = x.shape
    N = w.shape[1]
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    if full_precision:
        scaled_matmul_kernel[grid](x.float(), w, scale, out, M, N, K)
    else:
        scaled_matmul_kernel[grid](x.half(), w, scale, out, M, N, K)
    return out
