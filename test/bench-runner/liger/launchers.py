"""Launchers for btlint-bench's H200 run on Liger-Kernel (.btlint.yaml beside
this file). Each is called as launcher(shapes, dtype) and returns a callable
that runs Liger's own wrapper once; btlint-bench narrows the autotuner's list
to the config it times. Liger-Kernel itself is not part of this repository:
the harness carries the copy that `btlint-bench --emit` made of it."""
import torch

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def dyt_fwd(shapes, dtype):
    """LigerDyT's forward (liger_dyt_fwd) with the module's fp32 parameters,
    as LigerDyT(hidden_size=N) holds them."""
    from liger_kernel.ops.dyt import liger_dyt_fwd
    m, n = shapes["M"], shapes["N"]
    x = torch.randn(m, n, device="cuda", dtype=DTYPES[dtype])
    alpha = torch.full((1,), 0.5, device="cuda", dtype=torch.float32)
    gamma = torch.ones(n, device="cuda", dtype=torch.float32)
    beta = torch.zeros(n, device="cuda", dtype=torch.float32) if shapes.get("HAVE_BETA", 1) else None
    return lambda: liger_dyt_fwd(x, alpha, gamma, beta)
