import time

import torch
import triton
import triton.language as tl
import triton.testing


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(dst_ptr + offsets, tl.load(src_ptr + offsets, mask=mask), mask=mask)


def bench_matmul(a: torch.Tensor, b: torch.Tensor) -> float:
    # warmup and rep read like iteration counts, but they are milliseconds.
    return triton.testing.do_bench(lambda: torch.matmul(a, b), warmup=10, rep=50)


def bench_graph(fn) -> float:
    return triton.testing.do_bench_cudagraph(fn, rep=5)


def time_copy(src: torch.Tensor, dst: torch.Tensor, iters: int = 100) -> float:
    n = src.numel()
    start = time.perf_counter()
    for _ in range(iters):
        copy_kernel[(triton.cdiv(n, 1024),)](src, dst, n, BLOCK_SIZE=1024)
    return (time.perf_counter() - start) / iters
