"""LoRA expand step: out[M, N] += (x @ A)[M, R] @ B[R, N] for a rank-8 adapter.

Planted mistake (docs/examples/README.md): the rank is 8, so the configs tile
the reduction with BLOCK_R = 8 and the `tl.dot` below has K = 8. Triton needs
K >= 16 for fp16/bf16 operands.
"""
import torch
import triton
import triton.language as tl

LORA_RANK = 8


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_R": LORA_RANK}, num_warps=4, num_stages=2)
        for bm in (16, 32, 64)
        for bn in (64, 128)
    ],
    key=["M", "N", "R"],
)
@triton.jit
def lora_expand_kernel(shrunk_ptr, lora_b_ptr, out_ptr, M, N, R,
                       stride_sm, stride_sr, stride_br, stride_bn, stride_om, stride_on,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_R: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_r = tl.arange(0, BLOCK_R)

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        x = tl.load(shrunk_ptr + offs_m[:, None] * stride_sm + (r0 + offs_r)[None, :] * stride_sr,
                    mask=(offs_m[:, None] < M) & ((r0 + offs_r)[None, :] < R), other=0.0)
        w = tl.load(lora_b_ptr + (r0 + offs_r)[:, None] * stride_br + offs_n[None, :] * stride_bn,
                    mask=((r0 + offs_r)[:, None] < R) & (offs_n[None, :] < N), other=0.0)
        acc += tl.dot(x, w)

    out_tile = out_ptr + offs_m[:, None] * stride_om + offs_n[None, :] * stride_on
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    base = tl.load(out_tile, mask=mask, other=0.0)
    tl.store(out_tile, (base + acc).to(tl.float16), mask=mask)
