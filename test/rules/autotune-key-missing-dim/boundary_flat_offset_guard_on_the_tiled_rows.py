import torch
import triton
import triton.language as tl


# The flat guard of a block-sparse kernel, but the stride it multiplies
# scales the tile's rows (`rows[:, None] * x_r_s` against `x_r * x_r_s`):
# the guard clips the row tile, `x_r` sizes each program's work, and the
# key leaves it out.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_warps=w)
             for bm in (32, 64) for bn in (32, 64, 128) for w in (4, 8)],
    key=["BLOCK", "N"],
)
@triton.jit
def row_tiled_matmul_kernel(x_ptr, x_r, x_r_s, w_ptr, o_ptr, N,
                            BLOCK: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK)
    x_idx = rows[:, None] * x_r_s + cols[None, :]
    x = tl.load(x_ptr + x_idx, mask=x_idx < x_r * x_r_s, other=0.0)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    w = tl.load(w_ptr + cols[:, None] * N + offs_n[None, :], mask=(offs_n < N)[None, :], other=0.0)
    acc = tl.dot(x, w)
    tl.store(o_ptr + rows[:, None] * N + offs_n[None, :], acc, mask=(rows < x_r)[:, None] & (offs_n < N)[None, :])


def row_tiled_matmul(x, w):
    x_r, block = x.shape
    N = w.shape[1]
    out = torch.empty((x_r, N), device=x.device, dtype=torch.float32)
    grid = lambda META: (triton.cdiv(x_r, META["BLOCK_M"]), triton.cdiv(N, META["BLOCK_N"]))
    row_tiled_matmul_kernel[grid](x, x_r, x.stride(0), w, out, N, BLOCK=block)
    return out
