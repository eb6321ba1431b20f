import torch
import triton
import triton.language as tl


# A sparse convolution's gather: each program takes BLOCK_N active points,
# shifts their coordinates by the kernel offset and keeps those inside the
# grid. `size_x` bounds values read from memory, not a tile's offsets: it
# sizes no program's work, and the key rightly leaves it out.
@triton.autotune(
    configs=[triton.Config({"BLOCK_N": bn, "BLOCK_C": bc}, num_warps=w)
             for bn in (64, 128) for bc in (32, 64) for w in (4, 8)],
    key=["N", "C_in", "C_out"],
)
@triton.jit
def gather_conv_kernel(feat_ptr, weight_ptr, out_ptr, coords_ptr, shift_ptr, neighbour_ptr,
                       N, C_in, C_out, stride, size_x,
                       BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    row_ok = rows < N
    cols = tl.arange(0, BLOCK_C)
    x = tl.load(coords_ptr + rows, mask=row_ok, other=0)
    shift = tl.load(shift_ptr)
    shifted = x * stride - shift
    neighbour = tl.load(neighbour_ptr + rows, mask=row_ok, other=-1)
    valid = row_ok & (neighbour >= 0) & (shifted >= 0) & (shifted < size_x)
    acc = tl.zeros((BLOCK_N, BLOCK_C), dtype=tl.float32)
    for c0 in range(0, C_in, BLOCK_C):
        ci = c0 + tl.arange(0, BLOCK_C)
        f = tl.load(feat_ptr + neighbour[:, None] * C_in + ci[None, :], mask=valid[:, None] & (ci < C_in)[None, :],
                    other=0.0)
        w = tl.load(weight_ptr + ci[:, None] * C_out + cols[None, :],
                    mask=(ci < C_in)[:, None] & (cols < C_out)[None, :], other=0.0)
        acc = tl.dot(f, w, acc)
    tl.store(out_ptr + rows[:, None] * C_out + cols[None, :], acc, mask=row_ok[:, None] & (cols < C_out)[None, :])


def gather_conv(feat, weight, coords, shift, neighbour, stride, size_x):
    N = coords.shape[0]
    C_in, C_out = weight.shape
    out = torch.zeros((N, C_out), device=feat.device, dtype=torch.float32)
    grid = lambda META: (triton.cdiv(N, META["BLOCK_N"]),)
    gather_conv_kernel[grid](feat, weight, out, coords, shift, neighbour, N, C_in, C_out, stride, size_x)
    return out
