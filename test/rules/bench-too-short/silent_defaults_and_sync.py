import time

import torch
import triton
import triton.language as tl
from triton.testing import do_bench


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(dst_ptr + offsets, tl.load(src_ptr + offsets, mask=mask), mask=mask)


def bench(fn) -> float:
    return do_bench(fn)


def bench_longer(fn) -> float:
    return triton.testing.do_bench(fn, warmup=100, rep=500, return_mode="median")


def bench_graph(fn) -> float:
    return triton.testing.do_bench_cudagraph(fn, rep=20)


def time_copy(src: torch.Tensor, dst: torch.Tensor, iters: int = 100) -> float:
    n = src.numel()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(iters):
        copy_kernel[(triton.cdiv(n, 1024),)](src, dst, n, BLOCK_SIZE=1024)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / iters
