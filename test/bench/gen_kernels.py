#!/usr/bin/env python3
"""Write N Triton kernel files in the style of real kernel repositories.

Usage: gen_kernels.py OUTDIR [N] [SEED]

Each file is one of a few shapes real code takes (see /work/shared/REAL_PATTERNS.md):
an autotuned matmul whose configs come from a filtered comprehension, one built by
itertools.product plus concatenation, a row-wise softmax/norm launched with
triton.next_power_of_2 and a num_warps ladder, and an elementwise kernel with a
heuristics decorator. Names, constants and sizes vary with the seed so no two files
are identical. Written from scratch for the benchmark; no third-party code.
"""
import os
import random
import sys

HEADER = '''import itertools
import torch
import triton
import triton.language as tl

'''

MATMUL_COMPREHENSION = '''
def _configs_{i}():
    return [
        triton.Config({{"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "GROUP_M": {group}}},
                      num_stages=s, num_warps=w)
        for bm in [{bms}]
        for bn in [{bns}]
        for bk in [32, 64]
        for s in [{stages}]
        for w in [4, 8]
        if bm * bn <= {limit}
    ]


@triton.autotune(configs=_configs_{i}(), key=["M", "N", "K"])
@triton.jit
def {name}_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                  GROUP_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + (pid % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(tl.float16)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptrs, c, mask=mask)


def {name}(a, b):
    M, K = a.shape
    K, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    grid = lambda META: (triton.cdiv(M, META["BLOCK_M"]) * triton.cdiv(N, META["BLOCK_N"]),)
    {name}_kernel[grid](a, b, c, M, N, K,
                        a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        c.stride(0), c.stride(1))
    return c
'''

MATMUL_PRODUCT = '''
_TILES_{i} = [{tiles}]
_STAGES_{i} = [{stages}]
_BASIC_{i} = [
    triton.Config({{"BLOCK_M": m, "BLOCK_N": n}}, num_stages=s, num_warps=4)
    for m, n, s in itertools.product(_TILES_{i}, _TILES_{i}, _STAGES_{i})
]
_EXTRA_{i} = [triton.Config({{"BLOCK_M": 128, "BLOCK_N": 256}}, num_stages=3, num_warps=8)]
CONFIGS_{i} = _BASIC_{i} + _EXTRA_{i}


@triton.autotune(configs=CONFIGS_{i}, key=["M", "N", "K"])
@triton.jit
def {name}_kernel(x_ptr, w_ptr, y_ptr, M, N, K, stride_xm, stride_wn, stride_ym,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr = {bk}):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        x = tl.load(x_ptr + rm[:, None] * stride_xm + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * stride_wn + (k + rk)[:, None],
                    mask=(rn[None, :] < N) & ((k + rk)[:, None] < K), other=0.0)
        acc += tl.dot(x, w)
    acc = tl.where(acc > 0, acc, 0.0)
    tl.store(y_ptr + rm[:, None] * stride_ym + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


def {name}(x, w):
    M, K = x.shape
    N = w.shape[0]
    y = torch.empty((M, N), device=x.device, dtype=torch.float16)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    {name}_kernel[grid](x, w, y, M, N, K, x.stride(0), w.stride(0), y.stride(0))
    return y
'''

ROWWISE = '''
@triton.jit
def {name}_fwd_kernel(out_ptr, in_ptr, w_ptr, in_row_stride, out_row_stride, n_cols, eps,
                      BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other={other}).to(tl.float32)
    {body}
    tl.store(out_ptr + row * out_row_stride + cols, y, mask=mask)


def {name}(x, w, eps={eps}):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 4
    if BLOCK_SIZE >= 2048:
        num_warps = 8
    if BLOCK_SIZE >= 4096:
        num_warps = 16
    {name}_fwd_kernel[(n_rows,)](out, x, w, x.stride(0), out.stride(0), n_cols, eps,
                                  BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps)
    return out
'''

BODIES = [
    "m = tl.max(x, axis=0)\n    e = tl.exp(x - m)\n    y = e / tl.sum(e, axis=0)",
    "mean = tl.sum(x, axis=0) / n_cols\n    d = tl.where(mask, x - mean, 0.0)\n"
    "    var = tl.sum(d * d, axis=0) / n_cols\n    w = tl.load(w_ptr + cols, mask=mask)\n"
    "    y = d * tl.rsqrt(var + eps) * w",
    "ms = tl.sum(x * x, axis=0) / n_cols\n    w = tl.load(w_ptr + cols, mask=mask)\n"
    "    y = x * tl.rsqrt(ms + eps) * w",
]

ELEMENTWISE = '''
@triton.heuristics({{"EVEN": lambda args: args["n_elements"] % args["BLOCK_SIZE"] == 0}})
@triton.jit
def {name}_kernel(x_ptr, y_ptr, out_ptr, n_elements, alpha,
                  BLOCK_SIZE: tl.constexpr, EVEN: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    if EVEN:
        x = tl.load(x_ptr + offsets)
        y = tl.load(y_ptr + offsets)
    else:
        mask = offsets < n_elements
        x = tl.load(x_ptr + offsets, mask=mask)
        y = tl.load(y_ptr + offsets, mask=mask)
    out = {expr}
    if EVEN:
        tl.store(out_ptr + offsets, out)
    else:
        tl.store(out_ptr + offsets, out, mask=offsets < n_elements)


def {name}(x, y, alpha={alpha}):
    out = torch.empty_like(x)
    n_elements = out.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)
    {name}_kernel[grid](x, y, out, n_elements, alpha, BLOCK_SIZE={block})
    return out
'''

EXPRS = ["x + alpha * y", "x * tl.sigmoid(x) * y", "tl.where(x > 0, x, alpha * x) + y",
         "x * y + alpha"]


def one_file(rng, index):
    parts = [HEADER, f'"""Generated kernel module {index}."""\n']
    for j in range(rng.randint(1, 3)):
        kind = rng.randrange(4)
        name = f"op{index}_{j}"
        i = f"{index}_{j}"
        if kind == 0:
            parts.append(MATMUL_COMPREHENSION.format(
                i=i, name=name, group=rng.choice([4, 8]),
                bms=", ".join(map(str, rng.sample([32, 64, 128, 256], 3))),
                bns=", ".join(map(str, rng.sample([32, 64, 128, 256], 3))),
                stages=", ".join(map(str, rng.sample([2, 3, 4, 5], 2))),
                limit=rng.choice([8192, 16384, 32768])))
        elif kind == 1:
            parts.append(MATMUL_PRODUCT.format(
                i=i, name=name, tiles=", ".join(map(str, rng.sample([32, 64, 128], 2))),
                stages=", ".join(map(str, rng.sample([2, 3, 4], 2))), bk=rng.choice([32, 64])))
        elif kind == 2:
            parts.append(ROWWISE.format(name=name, body=rng.choice(BODIES),
                                        other=rng.choice(["0.0", "-float('inf')"]),
                                        eps=rng.choice(["1e-5", "1e-6"])))
        else:
            parts.append(ELEMENTWISE.format(name=name, expr=rng.choice(EXPRS),
                                            alpha=rng.choice([0.5, 1.0, 0.01]),
                                            block=rng.choice([256, 512, 1024, 2048])))
    return "".join(parts)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1234)
    os.makedirs(out, exist_ok=True)
    for index in range(count):
        with open(os.path.join(out, f"kernel_{index:05d}.py"), "w") as f:
            f.write(one_file(rng, index))
    return 0


if __name__ == "__main__":
    sys.exit(main())
