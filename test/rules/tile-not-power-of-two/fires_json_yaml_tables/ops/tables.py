# Config tables shipped as JSON and YAML beside the kernels, found from
# __file__ and read at import (with open(...) as f / yaml.safe_load(open())).
import json
import os

import triton
import triton.language as tl
import yaml

_HERE = os.path.dirname(os.path.abspath(__file__))

with open(os.path.join(_HERE, "configs", "matmul.json")) as f:
    MATMUL = json.load(f)

SOFTMAX = yaml.safe_load(open(os.path.join(_HERE, "configs", "softmax.yaml"), "r"))


def matmul_configs():
    return [
        triton.Config({"BLOCK_M": c["BLOCK_M"], "BLOCK_N": c["BLOCK_N"]}, num_warps=c["num_warps"])
        for c in MATMUL["default"]
    ]


@triton.autotune(configs=matmul_configs(), key=["M", "N"])
@triton.jit
def add_kernel(x_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ptrs = x_ptr + rows[:, None] * N + cols[None, :]
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    tl.store(ptrs, tl.load(ptrs, mask=mask) + 1, mask=mask)


@triton.autotune(configs=[triton.Config({"BLOCK": e["BLOCK"]}, num_warps=e["warps"]) for e in SOFTMAX["softmax"]],
                 key=["n"])
@triton.jit
def softmax_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + tl.program_id(0) * n + offs, mask=offs < n, other=-float("inf"))
    e = tl.exp(x - tl.max(x, 0))
    tl.store(x_ptr + tl.program_id(0) * n + offs, e / tl.sum(e, 0), mask=offs < n)
