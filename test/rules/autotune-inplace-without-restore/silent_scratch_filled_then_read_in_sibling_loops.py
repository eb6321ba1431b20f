import torch
import triton
import triton.language as tl


# Each step of the outer loop fills the scratch row in one loop over C and
# reads it back in the next loop over the same range: every run reads what
# it wrote itself, so the autotuner's repeated runs leave the same result.
@triton.autotune(configs=[triton.Config({"BC": b}, num_warps=w) for b in (16, 32, 64) for w in (2, 4)],
                 key=["T", "C"])
@triton.jit
def two_pass_rows(x_ptr, y_ptr, tmp_ptr, T, C: tl.constexpr, BC: tl.constexpr):
    for t in range(T):
        for c0 in range(0, C, BC):
            cols = c0 + tl.arange(0, BC)
            tl.store(tmp_ptr + cols, tl.load(x_ptr + t * C + cols) * 2.0)
        total = 0.0
        for c0 in range(0, C, BC):
            cols = c0 + tl.arange(0, BC)
            total += tl.sum(tl.load(tmp_ptr + cols), axis=0)
        for c0 in range(0, C, BC):
            cols = c0 + tl.arange(0, BC)
            tl.store(y_ptr + t * C + cols, tl.load(x_ptr + t * C + cols) / total)


# The same, with the row read back once per output block: the reading loop
# sits in a loop after the one that fills the row.
@triton.autotune(configs=[triton.Config({"BC": b}, num_warps=w) for b in (16, 32, 64) for w in (2, 4)],
                 key=["T", "C"])
@triton.jit
def two_pass_blocks(x_ptr, y_ptr, tmp_ptr, T, C: tl.constexpr, BC: tl.constexpr):
    for t in range(T):
        for c0 in range(0, C, BC):
            cols = c0 + tl.arange(0, BC)
            tl.store(tmp_ptr + cols, tl.load(x_ptr + t * C + cols) * 2.0)
        for o0 in range(0, C, BC):
            total = 0.0
            for c0 in range(0, C, BC):
                cols = c0 + tl.arange(0, BC)
                total += tl.sum(tl.load(tmp_ptr + cols), axis=0)
            outs = o0 + tl.arange(0, BC)
            tl.store(y_ptr + t * C + outs, tl.load(x_ptr + t * C + outs) / total)


def normalise_rows(x: torch.Tensor) -> torch.Tensor:
    T, C = x.shape
    y = torch.empty_like(x)
    tmp = torch.empty(C, device=x.device, dtype=torch.float32)
    two_pass_rows[(1,)](x, y, tmp, T, C)
    return y
