"""Launchers for the boundary suite (.btlint.yaml beside this file). Each is
called as launcher(shapes, dtype) and returns a callable that launches the
kernel once; with check=True (run.py --boundary) it returns (launch, outputs,
inputs): the tensors the launch writes, and the inputs the spec's
`reference:` takes. Tensors come from btbench_boundary, which puts a NaN
guard zone after each one, so a read past the end shows in the output and a
write past the end in the guard."""
import torch

import btbench_boundary as guarded

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def _gemm(run, shapes, dtype, check):
    M, N, K = shapes["M"], shapes["N"], shapes["K"]
    a = guarded.randn(M, K, dtype=DTYPES[dtype])
    b = guarded.randn(K, N, dtype=DTYPES[dtype])
    c = guarded.empty(M, N, dtype=DTYPES[dtype])
    launch = lambda: run(a, b, out=c)  # noqa: E731
    return (launch, c, (a, b)) if check else launch


def gemm(shapes, dtype, check=False):
    from gemm import gemm as run
    return _gemm(run, shapes, dtype, check)


def gemm_k_tail(shapes, dtype, check=False):
    from gemm import gemm_k_tail as run
    return _gemm(run, shapes, dtype, check)


def reference_gemm(a, b):
    return (a.float() @ b.float()).to(a.dtype)


def _rms_norm(run, shapes, dtype, check):
    M, N = shapes["M"], shapes["N"]
    x = guarded.randn(M, N, dtype=DTYPES[dtype])
    weight = guarded.randn(N, dtype=DTYPES[dtype])
    y = guarded.empty(M, N, dtype=DTYPES[dtype])
    launch = lambda: run(x, weight, out=y)  # noqa: E731
    return (launch, y, (x, weight)) if check else launch


def rms_norm(shapes, dtype, check=False):
    from rms_norm import rms_norm as run
    return _rms_norm(run, shapes, dtype, check)


def rms_norm_rows_only(shapes, dtype, check=False):
    from rms_norm import rms_norm_rows_only as run
    return _rms_norm(run, shapes, dtype, check)


def reference_rms_norm(x, weight, eps=1e-6):
    x32 = x.float()
    return (x32 * torch.rsqrt(x32.pow(2).mean(dim=-1, keepdim=True) + eps) * weight.float()).to(x.dtype)


def _linear(run, shapes, dtype, check):
    M, N, K = shapes["M"], shapes["N"], shapes["K"]
    x = guarded.randn(M, K, dtype=DTYPES[dtype])
    weight = guarded.randn(N, K, dtype=DTYPES[dtype])
    bias = guarded.randn(N, dtype=DTYPES[dtype])
    y = guarded.empty(M, N, dtype=DTYPES[dtype])
    launch = lambda: run(x, weight, bias, out=y)  # noqa: E731
    return (launch, y, (x, weight, bias)) if check else launch


def linear_bias(shapes, dtype, check=False):
    from linear import linear_bias as run
    return _linear(run, shapes, dtype, check)


def linear_bias_store_n_only(shapes, dtype, check=False):
    from linear import linear_bias_store_n_only as run
    return _linear(run, shapes, dtype, check)


def reference_linear(x, weight, bias):
    return (x.float() @ weight.float().t() + bias.float()).to(x.dtype)
