import torch
import triton
import triton.language as tl


# A block-sparse matmul: each program multiplies a BLOCK_M-row slice of one
# stored block of `x` (picked through a lookup table) by a dense tile of
# `w`. The flat offsets are guarded against the whole tensor (`< x_b *
# x_b_s`): that keeps the looked-up block index below the block count, and
# every program's tile is BLOCK_M x BLOCK whatever `x_b`; the key rightly
# leaves `x_b` out.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_warps=w)
             for bm in (16, 32) for bn in (32, 64, 128) for w in (4, 8)],
    key=["BLOCK", "N"],
)
@triton.jit
def block_sparse_matmul_kernel(x_ptr, x_b, x_b_s, x_r_s, lut_ptr, w_ptr, o_ptr, o_b_s, N,
                               BLOCK: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_blk = tl.program_id(0)
    pid_m = tl.program_id(1)
    pid_n = tl.program_id(2)
    blk = tl.cast(tl.load(lut_ptr + pid_blk), tl.int64)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK)
    x_idx = blk * x_b_s + rows[:, None] * x_r_s + cols[None, :]
    x_msk = (x_idx >= 0) & (x_idx < tl.cast(x_b, tl.int64) * x_b_s)
    x = tl.load(x_ptr + x_idx, mask=x_msk, other=0.0)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    w = tl.load(w_ptr + cols[:, None] * N + offs_n[None, :], mask=(offs_n < N)[None, :], other=0.0)
    acc = tl.dot(x, w)
    tl.store(o_ptr + pid_blk * o_b_s + rows[:, None] * N + offs_n[None, :], acc, mask=(offs_n < N)[None, :])


def block_sparse_matmul(x, lut, w, block):
    x_b = x.shape[0]
    n_out, N = lut.shape[0], w.shape[1]
    out = torch.empty((n_out, block, N), device=x.device, dtype=torch.float32)
    grid = lambda META: (n_out, block // META["BLOCK_M"], triton.cdiv(N, META["BLOCK_N"]))
    block_sparse_matmul_kernel[grid](x, x_b, x.stride(0), x.stride(1), lut, w, out, out.stride(0), N, BLOCK=block)
    return out
