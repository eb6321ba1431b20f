import triton
import triton.language as tl


@triton.jit
def matvec_kernel(w_ptr, x_ptr, y_ptr, N, K, stride_wn, BLOCK_N: tl.constexpr = 64, BLOCK_K: tl.constexpr = 128):
    pid = tl.program_id(0)
    offs_n = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        offs_k = k + tl.arange(0, BLOCK_K)
        # The K offsets are compared with N.
        x = tl.load(x_ptr + offs_k, mask=offs_k < N, other=0.0)
        w = tl.load(w_ptr + offs_n[:, None] * stride_wn + offs_k[None, :],
                    mask=(offs_n[:, None] < N) & (offs_k[None, :] < K), other=0.0)
        acc += tl.sum(w * x[None, :], axis=1)
    tl.store(y_ptr + offs_n, acc, mask=offs_n < N)
