# Libraries that also run on Intel GPUs ask Triton's driver for the torch
# device it runs on and pick warps and tiles by its type, behind a cached
# probe that falls back to "cuda": on an NVIDIA or AMD target the type is
# "cuda" (PyTorch names ROCm devices so too), and the list is read whole.
import functools

import triton
import triton.language as tl


@functools.cache
def active_device_type() -> str:
    try:
        return triton.runtime.driver.active.get_active_torch_device().type
    except RuntimeError:
        return "cuda"


def gemm_configs():
    on_xpu = active_device_type() == "xpu"
    warps = [8, 16] if on_xpu else [4, 8]
    tiles = [(256, 256)] if on_xpu else [(64, 64), (128, 64), (64, 128)]
    return [
        triton.Config({"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": 64}, num_warps=w, num_stages=3)
        for m, n in tiles
        for w in warps
    ]


@triton.autotune(configs=gemm_configs(), key=["M", "N", "K"])
@triton.jit
def gemm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))
