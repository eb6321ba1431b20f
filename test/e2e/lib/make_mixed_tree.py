#!/usr/bin/env python3
"""Writes a reproducible tree of Triton, CUDA, YAML and plain Python files.

usage: make_mixed_tree.py DEST PACKAGES FILES_PER_PACKAGE [MAX_CUDA_FILES]

Every package holds a shared `configs.py` that kernels import from, autotuned
and plain Triton kernels (some with checklist mistakes, so kernel rules have
something to say as they land), files with syntax errors, plain modules, CUDA
sources (at most MAX_CUDA_FILES, default 1: each costs a Clang parse of the CUDA
headers, about a second) and YAML
tuning tables. Every lintable file except configs.py and __init__.py carries
exactly one suppression of a rule id that does not exist, so the number of
`unknown-rule` findings is known in advance: it is printed on stdout.
"""
import random
import sys
from pathlib import Path

TILE_CHOICES = [16, 32, 64, 128, 256]
BAD_TILE_CHOICES = [48, 96, 100]


def unknown_suppression(comment: str, tag: str) -> str:
    return f"{comment} btlint: ignore[made-up-rule-{tag}]"


def configs_module(rng: random.Random) -> str:
    blocks = sorted(rng.sample(TILE_CHOICES, 3))
    stages = rng.sample([2, 3, 4, 5], 2)
    return f'''import itertools

import triton

BLOCK_SIZES = {blocks}
STAGES = {stages}
WARPS = [4, 8]


def get_matmul_configs():
    return [
        triton.Config({{"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": 32}}, num_stages=s, num_warps=w)
        for bm, bn, s, w in itertools.product(BLOCK_SIZES, BLOCK_SIZES, STAGES, WARPS)
        if bm * bn <= 128 * 128
    ]


ELEMENTWISE_CONFIGS = [triton.Config({{"BLOCK": b}}, num_warps=4) for b in (256, 512, 1024)]
'''


def matmul_kernel(rng: random.Random, name: str, tag: str) -> str:
    block_k = rng.choice([8, 16, 32, 64])
    key = rng.choice(['["M", "N", "K"]', '["M", "N"]', '["N", "K"]'])
    return f'''import triton
import triton.language as tl

from .configs import get_matmul_configs


@triton.autotune(configs=get_matmul_configs(), key={key})
@triton.jit
def {name}(a_ptr, b_ptr, c_ptr, M, N, K,
           stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, {block_k})
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, {block_k}):
        a = tl.load(a_ptr + offs_m[:, None] * stride_am + (k + offs_k)[None, :] * stride_ak,
                    mask=(offs_m[:, None] < M) & ((k + offs_k)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + offs_k)[:, None] * stride_bk + offs_n[None, :] * stride_bn,
                    mask=((k + offs_k)[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    c = acc.to(tl.float16)
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn, c,
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))  {unknown_suppression("#", tag)}


def launch_{name}(a, b, c):
    M, K = a.shape
    _, N = b.shape
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    {name}[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                 c.stride(0), c.stride(1))
'''


def elementwise_kernel(rng: random.Random, name: str, tag: str) -> str:
    block = rng.choice(TILE_CHOICES + BAD_TILE_CHOICES)
    configs = ", ".join(
        f'triton.Config({{"BLOCK": {b}}}, num_warps={w})'
        for b, w in rng.sample([(128, 4), (256, 4), (512, 8), (1000, 4), (128, 4)], rng.randint(1, 4)))
    return f'''import triton
import triton.language as tl


@triton.autotune(configs=[{configs}], key=["n_elements"])
@triton.jit
def {name}(x_ptr, y_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@triton.jit
def {name}_fixed(x_ptr, n_elements, SIZE: tl.constexpr):  {unknown_suppression("#", tag)}
    offsets = tl.program_id(0) * SIZE + tl.arange(0, SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n_elements)
    tl.store(x_ptr + offsets, x * 2, mask=offsets < n_elements)


def launch_{name}(x, y, out):
    n = x.numel()
    {name}[(triton.cdiv(n, {block}),)](x, y, out, n)
    {name}_fixed[(triton.cdiv(n, {block}),)](x, n, SIZE={block})
'''


def accumulate_kernel(rng: random.Random, name: str, tag: str) -> str:
    return f'''import triton
import triton.language as tl

from .configs import ELEMENTWISE_CONFIGS


@triton.autotune(configs=ELEMENTWISE_CONFIGS, key=["n"])
@triton.jit
def {name}(grad_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    g = tl.load(grad_ptr + offs, mask=offs < n)
    tl.atomic_add(out_ptr + offs, g, mask=offs < n)  {unknown_suppression("#", tag)}
'''


def broken_python(rng: random.Random, name: str, tag: str) -> str:
    return f'''import triton
import triton.language as tl
{unknown_suppression("#", tag)}


@triton.jit
def {name}(x_ptr, BLOCK: tl.constexpr
    pid = tl.program_id(0)
    return pid +
'''


def plain_python(rng: random.Random, name: str, tag: str) -> str:
    return f'''"""Helpers without kernels."""
import os


def {name}(paths):
    return [os.path.basename(p) for p in paths]  {unknown_suppression("#", tag)}
'''


def cuda_source(rng: random.Random, name: str, tag: str) -> str:
    tile = rng.choice([32, 64, 128])
    threads = rng.choice([128, 256, 1024, 2048])
    return f'''#include <cuda_runtime.h>

constexpr int kTile = {tile};

__global__ void {name}(const float* in, float* out, int n) {{
  __shared__ float staging[kTile][kTile];  // NOLINT(btlint-made-up-rule-{tag})
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {{
    staging[threadIdx.x % kTile][threadIdx.x / kTile % kTile] = in[i];
    __syncthreads();
    out[i] = staging[threadIdx.x / kTile % kTile][threadIdx.x % kTile];
  }}
}}

void launch_{name}(const float* in, float* out, int n, cudaStream_t stream) {{
  {name}<<<(n + {threads} - 1) / {threads}, {threads}, 0, stream>>>(in, out, n);
}}
'''


def yaml_table(rng: random.Random, name: str, tag: str) -> str:
    rows = "\n".join(
        f"  - {{BLOCK_M: {rng.choice(TILE_CHOICES)}, BLOCK_N: {rng.choice(TILE_CHOICES)}, "
        f"BLOCK_K: {rng.choice([16, 32, 64])}, num_warps: {rng.choice([4, 8])}, num_stages: {rng.choice([2, 3, 4])}}}"
        for _ in range(rng.randint(2, 6)))
    return f'''# Tuned tile sizes for {name}.
{unknown_suppression("#", tag)}
kernel: {name}
configs:
{rows}
'''


KINDS = [
    ("py", matmul_kernel),
    ("py", elementwise_kernel),
    ("py", accumulate_kernel),
    ("py", broken_python),
    ("py", plain_python),
    ("cu", cuda_source),
    ("yaml", yaml_table),
]


def main() -> int:
    dest, packages, per_package = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    max_cuda_files = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    rng = random.Random(20240611)
    planted = 0
    cuda_files = 0
    for p in range(packages):
        package = dest / f"pkg{p:02d}"
        package.mkdir(parents=True, exist_ok=True)
        (package / "__init__.py").write_text("")
        (package / "configs.py").write_text(configs_module(rng))
        for f in range(per_package):
            extension, make = KINDS[(p + f) % len(KINDS)]
            if make is cuda_source:
                if cuda_files == max_cuda_files:
                    extension, make = "py", plain_python
                else:
                    cuda_files += 1
            name = f"{make.__name__}_{p:02d}_{f:03d}"
            tag = f"{p}-{f}"
            (package / f"{name}.{extension}").write_text(make(rng, name, tag))
            planted += 1
    print(planted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
