import torch
import triton
import triton.language as tl


# One dict with three names the kernel does not have: one finding that
# names them all, with a suggestion for the two that are close to a
# parameter.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 64, "BLOK_N": 64, "GROUP": 8, "SPLIT": 2}, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "GROUP_M": 8}, num_warps=8),
    ],
    key=["M", "N"],
)
@triton.jit
def scale_rows_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, GROUP_M: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], x * 2, mask=mask)


def scale_rows(x):
    M, N = x.shape
    out = torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    scale_rows_kernel[grid](x, out, M, N)
    return out
