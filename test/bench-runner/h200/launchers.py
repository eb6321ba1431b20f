"""Launchers for the H200 run of btlint-bench (.btlint.yaml beside this file).
Each is called as launcher(shapes, dtype) and returns a callable that launches
the kernel once; btlint-bench sets the autotuner's list to the one config it
times, so these call the kernels the way their users do."""
import torch
import triton

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def matmul(shapes, dtype):
    from matmul_autotune import matmul as run
    a = torch.randn(shapes["M"], shapes["K"], device="cuda", dtype=DTYPES[dtype])
    b = torch.randn(shapes["K"], shapes["N"], device="cuda", dtype=DTYPES[dtype])
    return lambda: run(a, b)


def tiny_matmul(shapes, dtype):
    from smem_overflow import tiny_matmul_kernel
    m, n, k = shapes["M"], shapes["N"], shapes["K"]
    a = torch.randn(m, k, device="cuda", dtype=DTYPES[dtype])
    b = torch.randn(k, n, device="cuda", dtype=DTYPES[dtype])
    c = torch.empty(m, n, device="cuda", dtype=torch.float16)
    grid = lambda meta: (triton.cdiv(m, meta["BLOCK_M"]), triton.cdiv(n, meta["BLOCK_N"]))  # noqa: E731
    return lambda: tiny_matmul_kernel[grid](a, b, c, m, n, k, a.stride(0), b.stride(0), c.stride(0))


def scaled_add(shapes, dtype):
    from scaled_add import scaled_add as run
    x = torch.randn(shapes["N"], device="cuda", dtype=DTYPES[dtype])
    y = torch.randn(shapes["N"], device="cuda", dtype=DTYPES[dtype])
    return lambda: run(2.0, x, y)


def fragile_copy(shapes, dtype):
    from fragile import fragile_copy_kernel
    n = shapes["N"]
    src = torch.randn(n, device="cuda", dtype=DTYPES[dtype])
    dst = torch.empty_like(src)
    flag = torch.zeros(1, device="cuda", dtype=torch.int32)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)  # noqa: E731
    return lambda: fragile_copy_kernel[grid](src, dst, flag, n)
