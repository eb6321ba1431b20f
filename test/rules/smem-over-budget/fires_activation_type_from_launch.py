import torch
import triton
import triton.language as tl


# Normalisation fused into a GEMM's prologue: the activations stay fp32 in
# memory (the caller passes `x.to(torch.float32)`), are normalised in fp32
# and cast to fp16 for the dot. Triton pipelines the fp32 load: the ring
# holds fp32 tiles, twice the bytes of the fp16 operand the cast suggests.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 256, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=8, num_stages=5),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=4, num_stages=3),
    ],
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


def scaled_matmul(x, w, scale):
    M, K = x.shape
    N = w.shape[1]
    out = torch.empty((M, N), device=x.device, dtype=torch.float16)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    scaled_matmul_kernel[grid](x, w, scale, out, M, N, K)
    return out


def forward(hidden, weight, scale):
    return scaled_matmul(hidden.to(torch.float32), weight.half(), scale.float())
