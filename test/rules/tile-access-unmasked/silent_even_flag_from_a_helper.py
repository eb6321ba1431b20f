import torch
import triton
import triton.language as tl


def is_even_rows(n_rows, block_m):
    return n_rows % block_m == 0


# The heuristic calls a helper of the module that takes the remainder: the
# unmasked store runs only when the rows divide into whole tiles.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm}, num_warps=4) for bm in (64, 128)],
    key=["n_rows"],
)
@triton.heuristics(values={"EVEN_M": lambda args: is_even_rows(args["n_rows"], args["BLOCK_M"])})
@triton.jit
def row_max_kernel(x_ptr, out_ptr, n_rows, D: tl.constexpr, BLOCK_M: tl.constexpr, EVEN_M: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, D)
    x = tl.load(x_ptr + rows[:, None] * D + cols[None, :], mask=rows[:, None] < n_rows, other=0.0)
    m = tl.max(x, axis=1)
    if EVEN_M:
        tl.store(out_ptr + rows, m)
    else:
        tl.store(out_ptr + rows, m, mask=rows < n_rows)


def row_max(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
    grid = lambda meta: (triton.cdiv(x.shape[0], meta["BLOCK_M"]), )
    row_max_kernel[grid](x, out, x.shape[0], D=x.shape[1])
    return out
