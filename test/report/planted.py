"""Kernels for test/e2e/report.sh: one planted elimination per config.

gemm_kernel's list, on sm80 and sm90 (fp16):
  1. 128 x 128 x 32, 4 warps, 3 stages   kept
  2. 128 x  96 x 32                      BLOCK_N is not a power of two
  3. 128 x 128 x  8                      K = 8 is below tl.dot's minimum of 16
  4. the same as config 1                duplicate of config 1
  5. 64 x 64 x 32 with 6 warps           num_warps is not a power of two
  6. 256 x 256 x 128, 4 stages           over the shared memory of every arch
  7. 256 x 256 x 32, 7 stages            fits sm90 only
scale_kernel has no autotune list: its launches are its configs.
"""
import triton
import triton.language as tl


def _config(bm, bn, bk, warps=4, stages=3):
    return triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk}, num_warps=warps, num_stages=stages)


CONFIGS = [
    _config(128, 128, 32),
    _config(128, 96, 32),
    _config(128, 128, 8),
    _config(128, 128, 32),
    _config(64, 64, 32, warps=6),
    _config(256, 256, 128, warps=8, stages=4),
    _config(256, 256, 32, warps=8, stages=7),
]


@triton.autotune(configs=CONFIGS, key=["M", "N", "K"])
@triton.jit
def gemm_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak
    b_ptrs = b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(rows[:, None] < M) & (ks[None, :] + k0 < K), other=0.0)
        b = tl.load(b_ptrs, mask=(ks[:, None] + k0 < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(tl.float16), mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, scale, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x * scale, mask=mask)


def scale(x, out, factor):
    n = x.numel()
    scale_kernel[(triton.cdiv(n, 1024),)](x, out, n, factor, BLOCK_SIZE=1024, num_warps=4)
    scale_kernel[(triton.cdiv(n, 1000),)](x, out, n, factor, BLOCK_SIZE=1000)
