import torch
import triton
import triton.language as tl


# The key names the padded head dimension, which the launch computes from
# head_dim: every head_dim that changes the tile changes the key.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm}, num_warps=w) for bm in (32, 64) for w in (4, 8)],
    key=["HEAD_DIM"],
)
@triton.jit
def rows_kernel(x_ptr, out_ptr, head_dim, BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, HEAD_DIM)
    mask = cols[None, :] < head_dim
    x = tl.load(x_ptr + rows[:, None] * head_dim + cols[None, :], mask=mask, other=0.0)
    tl.store(out_ptr + rows[:, None] * head_dim + cols[None, :], x * 2, mask=mask)


def double_rows(x: torch.Tensor) -> torch.Tensor:
    n_rows, head_dim = x.shape
    out = torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(n_rows, meta["BLOCK_M"]),)
    rows_kernel[grid](x, out, head_dim, HEAD_DIM=triton.next_power_of_2(head_dim))
    return out
