import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_warps=4)
        for bm in (32, 64, 128)
        for bn in (64, 128)
    ],
    key=["M", "N"],
)
@triton.jit
def add_bias_kernel(x_ptr, bias_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < N)
    x = tl.load(x_ptr + offs_m[:, None] * N + offs_n[None, :], mask=mask)
    tl.store(x_ptr + offs_m[:, None] * N + offs_n[None, :], x + bias[None, :], mask=mask)


def add_bias(x: torch.Tensor, bias: torch.Tensor) -> None:
    M, N = x.shape
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    add_bias_kernel[grid](x, bias, M, N, BLOCK_M=64)
