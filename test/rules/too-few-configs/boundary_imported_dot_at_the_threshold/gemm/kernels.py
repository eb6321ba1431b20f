import triton
import triton.language as tl

from .tiles import multiply_tiles


def sweep(count):
    sizes = [(64, 64), (64, 128), (128, 64), (128, 128), (128, 256), (256, 128)]
    return [triton.Config({"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": 32}, num_warps=4) for m, n in sizes[:count]]


# One config under the threshold for kernels whose dot is in an imported
# helper: reported.
@triton.autotune(configs=sweep(5), key=["M", "N", "K"])
@triton.jit
def gemm_five(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc = multiply_tiles(a_ptr + rm[:, None] * K + (k + rk)[None, :], b_ptr + (k + rk)[:, None] * N + rn[None, :], acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


# At the threshold: silent.
@triton.autotune(configs=sweep(6), key=["M", "N", "K"])
@triton.jit
def gemm_six(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc = multiply_tiles(a_ptr + rm[:, None] * K + (k + rk)[None, :], b_ptr + (k + rk)[:, None] * N + rn[None, :], acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)
