# Pointer parameters made tiles under their own names (`A = A + offsets`):
# the loads read BLOCK_M x BLOCK_K and BLOCK_N x BLOCK_K tiles, and B scaled
# by a per-channel vector keeps its BLOCK_K columns.
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 16, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=4),
        triton.Config({"BLOCK_M": 32, "BLOCK_N": 128, "BLOCK_K": 32}, num_warps=4),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def w8a16_gemm_kernel(A, B, C, scales, M, N, K, stride_am, stride_bn, stride_cm,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    A = A + rm[:, None] * stride_am + rk[None, :]
    B = B + rn[:, None] * stride_bn + rk[None, :]
    scale = tl.load(scales + rn, mask=rn < N, other=0.0)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(A, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
        b = tl.load(B, mask=(rn[:, None] < N) & (rk[None, :] < k_left), other=0)
        b = b.to(tl.float16) * scale[:, None]
        acc += tl.dot(a, tl.trans(b.to(tl.float16)))
        A += BLOCK_K
        B += BLOCK_K
    c = C + rm[:, None] * stride_cm + rn[None, :]
    tl.store(c, acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))
