"""Launchers for btlint tune's verification suite (.btlint.yaml beside this
file). Each is called as launcher(shapes, dtype) and returns a callable that
launches the kernel once the way its users do; btlint-bench sets the
autotuner's list to the one config it times."""
import math

import torch

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def _randn(*shape, dtype):
    return torch.randn(*shape, device="cuda", dtype=DTYPES[dtype])


def matmul_fp16(shapes, dtype):
    from matmul_fp16 import matmul_fp16 as run
    a, b = _randn(shapes["M"], shapes["K"], dtype=dtype), _randn(shapes["K"], shapes["N"], dtype=dtype)
    return lambda: run(a, b)


def linear_bf16(shapes, dtype):
    from matmul_bf16 import linear_bf16 as run
    x = _randn(shapes["M"], shapes["K"], dtype=dtype)
    weight = _randn(shapes["N"], shapes["K"], dtype=dtype)
    bias = _randn(shapes["N"], dtype=dtype)
    return lambda: run(x, weight, bias)


def matmul_fp8(shapes, dtype):
    from matmul_fp8 import matmul_fp8 as run
    fp8 = torch.float8_e4m3fn
    a = torch.randn(shapes["M"], shapes["K"], device="cuda").to(fp8)
    weight = torch.randn(shapes["N"], shapes["K"], device="cuda").to(fp8)
    a_scale = torch.ones(1, device="cuda", dtype=torch.float32)
    w_scale = torch.ones(1, device="cuda", dtype=torch.float32)
    return lambda: run(a, weight, a_scale, w_scale)


def matmul_persistent(shapes, dtype):
    from matmul_persistent import matmul_persistent as run
    a, b = _randn(shapes["M"], shapes["K"], dtype=dtype), _randn(shapes["K"], shapes["N"], dtype=dtype)
    return lambda: run(a, b)


def matmul_splitk(shapes, dtype):
    from matmul_splitk import matmul_splitk as run
    a, b = _randn(shapes["M"], shapes["K"], dtype=dtype), _randn(shapes["K"], shapes["N"], dtype=dtype)
    return lambda: run(a, b)


def attention_fwd(shapes, dtype):
    from attention_fwd import attention_fwd as run
    z, h, d = shapes["Z"], shapes["H"], shapes["HEAD_DIM"]
    q = _randn(z, h, shapes["N_Q"], d, dtype=dtype)
    k = _randn(z, h, shapes["N_KV"], d, dtype=dtype)
    v = _randn(z, h, shapes["N_KV"], d, dtype=dtype)
    return lambda: run(q, k, v, 1.0 / math.sqrt(d))


def layer_norm(shapes, dtype):
    from layer_norm import layer_norm as run
    x = _randn(shapes["M"], shapes["N"], dtype=dtype)
    weight, bias = _randn(shapes["N"], dtype=dtype), _randn(shapes["N"], dtype=dtype)
    return lambda: run(x, weight, bias)
