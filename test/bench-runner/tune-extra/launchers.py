"""Launchers for the held-out kernels of btlint tune's verification (see
.btlint.yaml beside this file); called as launcher(shapes, dtype)."""
import torch

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def softmax(shapes, dtype):
    from softmax import softmax as run
    x = torch.randn(shapes["M"], shapes["N"], device="cuda", dtype=DTYPES[dtype])
    return lambda: run(x)
