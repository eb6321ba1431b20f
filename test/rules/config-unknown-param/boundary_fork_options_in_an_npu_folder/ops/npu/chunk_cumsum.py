import torch
import triton
import triton.language as tl


# Written for Ascend's Triton fork (the folder says so): `multibuffer` and
# `unit_flag` are that fork's compile options, which upstream Triton would
# reject as unknown keywords: reported at note level. `BLOK_T` is a near
# miss of `BLOCK_T`, an error on every backend.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_T": 64, "multibuffer": True, "unit_flag": True}),
        triton.Config({"BLOCK_T": 128, "multibuffer": False, "unit_flag": True}),
        triton.Config({"BLOCK_T": 256, "BLOK_T": 256}),
    ],
    key=["T"],
)
@triton.jit
def chunk_cumsum_kernel(x_ptr, out_ptr, T, BLOCK_T: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_T + tl.arange(0, BLOCK_T)
    mask = offs < T
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=0), mask=mask)


def chunk_cumsum(x):
    T = x.numel()
    out = torch.empty_like(x)
    chunk_cumsum_kernel[lambda meta: (triton.cdiv(T, meta["BLOCK_T"]),)](x, out, T)
    return out
