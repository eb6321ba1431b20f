# Two loops in one kernel: the first runs over the shape of a tile holding
# `x * scale` (its size is BLOCK, fixed when the kernel compiles: `scale`
# sizes nothing), the second over the row's columns, `n_cols`, which the
# key omits: only `n_cols` is reported.
import torch
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({}, num_warps=w) for w in (1, 2, 4, 8)], key=["n_rows"])
@triton.jit
def sweep_rows_kernel(x_ptr, out_ptr, scale, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    scaled = tl.load(x_ptr + row * BLOCK + offs) * scale
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in range(scaled.shape[0]):
        acc += scaled
    for start in range(0, n_cols, BLOCK):
        acc += tl.load(x_ptr + row * n_cols + start + offs, mask=start + offs < n_cols, other=0.0)
    tl.store(out_ptr + row * BLOCK + offs, acc)


def sweep_rows(x: torch.Tensor, scale: float) -> torch.Tensor:
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows, 64), device=x.device, dtype=torch.float32)
    sweep_rows_kernel[(n_rows,)](x, out, scale, n_rows, n_cols, BLOCK=64)
    return out
