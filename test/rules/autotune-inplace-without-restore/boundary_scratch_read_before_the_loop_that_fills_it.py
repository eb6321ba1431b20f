import torch
import triton
import triton.language as tl


# The loop that reads the scratch row comes before the one that fills it:
# each step reads the previous step's row (and the first step the previous
# run's), so the autotuner's repeated runs change the result.
@triton.autotune(configs=[triton.Config({"BC": b}, num_warps=w) for b in (16, 32, 64) for w in (2, 4)],
                 key=["T", "C"])
@triton.jit
def carried_rows(x_ptr, y_ptr, tmp_ptr, T, C: tl.constexpr, BC: tl.constexpr):
    for t in range(T):
        total = 0.0
        for c0 in range(0, C, BC):
            cols = c0 + tl.arange(0, BC)
            total += tl.sum(tl.load(tmp_ptr + cols), axis=0)
        for c0 in range(0, C, BC):
            cols = c0 + tl.arange(0, BC)
            tl.store(tmp_ptr + cols, tl.load(x_ptr + t * C + cols) * 2.0)
        for c0 in range(0, C, BC):
            cols = c0 + tl.arange(0, BC)
            tl.store(y_ptr + t * C + cols, tl.load(x_ptr + t * C + cols) / total)


def normalise_rows(x: torch.Tensor) -> torch.Tensor:
    T, C = x.shape
    y = torch.empty_like(x)
    tmp = torch.empty(C, device=x.device, dtype=torch.float32)
    carried_rows[(1,)](x, y, tmp, T, C)
    return y
