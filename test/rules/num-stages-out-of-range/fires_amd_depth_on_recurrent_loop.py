# btlint-test: --arch gfx942
import torch
import triton
import triton.language as tl


@triton.jit
def decay_scan_kernel(x_ptr, g_ptr, out_ptr, T, D, BLOCK_D: tl.constexpr):
    # One sequence per program, walked step by step: each step loads a row,
    # so the loop is one the pipeliner overlaps.
    seq = tl.program_id(0)
    cols = tl.arange(0, BLOCK_D)
    mask = cols < D
    state = tl.zeros((BLOCK_D,), dtype=tl.float32)
    for t in range(T):
        x = tl.load(x_ptr + (seq * T + t) * D + cols, mask=mask, other=0.0)
        g = tl.load(g_ptr + seq * T + t)
        state = state * g + x
        tl.store(out_ptr + (seq * T + t) * D + cols, state, mask=mask)


def decay_scan(x, g):
    B, T, D = x.shape
    out = torch.empty_like(x)
    decay_scan_kernel[(B,)](x, g, out, T, D, BLOCK_D=triton.next_power_of_2(D), num_warps=4, num_stages=3)
    return out
