import torch
import triton
import triton.language as tl

ROWS_PER_PROGRAM = 4


@triton.autotune(
    configs=[triton.Config({"BLOCK_N": bn}, num_warps=w) for bn in (256, 512) for w in (4, 8)],
    key=["n_cols"],
)
@triton.jit
def rows_norm_kernel(x_ptr, out_ptr, n_rows, n_cols, ROWS: tl.constexpr, BLOCK_N: tl.constexpr):
    # The grid divides by ROWS, which the launch fixes; BLOCK_N steps a loop.
    for r in tl.static_range(ROWS):
        row = tl.program_id(0) * ROWS + r
        acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
        for start in range(0, n_cols, BLOCK_N):
            cols = start + tl.arange(0, BLOCK_N)
            x = tl.load(x_ptr + row * n_cols + cols, mask=(cols < n_cols) & (row < n_rows), other=0.0)
            acc += x * x
        tl.store(out_ptr + row, tl.sqrt(tl.sum(acc, axis=0)), mask=row < n_rows)


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=8),
    ],
    key=["n_elements"],
)
@triton.jit
def negate_kernel(x_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # Every config uses 1024, the number the grid divides by: consistent.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n_elements)
    tl.store(x_ptr + offsets, -x, mask=offsets < n_elements)


def rows_norm(x: torch.Tensor) -> torch.Tensor:
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=torch.float32)
    rows_norm_kernel[(triton.cdiv(n_rows, ROWS_PER_PROGRAM),)](x, out, n_rows, n_cols,
                                                              ROWS=ROWS_PER_PROGRAM)
    return out


def negate_(x: torch.Tensor) -> None:
    n = x.numel()
    negate_kernel[(triton.cdiv(n, 1024),)](x, n)
