"""An fp16 matmul autotuned over a 108-config product of tiles, stages and
warps, the kind of list tutorials generate; btlint-bench compiles all of them
for sm80 and sm90 (216 compiles) to measure its process pool against
compiling one config after another.

Planted for btlint: the list repeats its first config (duplicate-config).
"""
import itertools

import triton
import triton.language as tl

CONFIGS = [
    triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk}, num_stages=s, num_warps=w)
    for bm, bn, bk, s, w in itertools.product([32, 64, 128], [32, 64, 128], [32, 64], [2, 3, 4], [4, 8])
]
CONFIGS.append(triton.Config({"BLOCK_M": 32, "BLOCK_N": 32, "BLOCK_K": 32}, num_stages=2, num_warps=4))


@triton.autotune(configs=CONFIGS, key=["M", "N", "K"])
@triton.jit
def big_list_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * stride_am + (k0 + ks)[None, :],
                    mask=(rows[:, None] < M) & ((k0 + ks)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + ks)[:, None] * stride_bk + cols[None, :],
                    mask=((k0 + ks)[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc.to(tl.float16),
             mask=(rows[:, None] < M) & (cols[None, :] < N))
