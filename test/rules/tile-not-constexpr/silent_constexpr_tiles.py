import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@triton.jit
def strided_copy_kernel(src_ptr, dst_ptr, n_rows, BLOCK_STRIDE, BLOCK_ROWS: tl.constexpr = 64):
    # BLOCK_STRIDE is a run-time stride between blocks of rows: it looks like a
    # tile size but only offsets pointers.
    start = tl.program_id(0) * BLOCK_ROWS
    rows = start + tl.arange(0, BLOCK_ROWS)
    mask = rows < n_rows
    vals = tl.load(src_ptr + rows * BLOCK_STRIDE, mask=mask)
    tl.store(dst_ptr + rows, vals, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n = out.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)
    add_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
    return out
