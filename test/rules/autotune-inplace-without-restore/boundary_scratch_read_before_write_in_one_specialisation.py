import torch
import triton
import triton.language as tl


# The same step, but with FUSE_DIAGONAL the kernel first reads the diagonal
# blocks already in `akkd` and adds to them: that specialisation starts each
# benchmark run from the previous run's output.
@triton.autotune(
    configs=[triton.Config({}, num_warps=w, num_stages=s) for w in (2, 4) for s in (2, 3)],
    key=["H", "BT"],
)
@triton.jit
def chunk_intra_kernel(k_ptr, akk_ptr, akkd_ptr, out_ptr, T, H: tl.constexpr, BT: tl.constexpr,
                       BC: tl.constexpr, FUSE_DIAGONAL: tl.constexpr):
    i_t = tl.program_id(0)
    o_c = tl.arange(0, BC)
    base = i_t * BC * BC
    if FUSE_DIAGONAL:
        b_k = tl.load(k_ptr + i_t * BC + o_c, mask=i_t * BC + o_c < T, other=0.0)
        b_d = b_k[:, None] * b_k[None, :] + tl.load(akkd_ptr + base + o_c[:, None] * BC + o_c[None, :])
        tl.store(akkd_ptr + base + o_c[:, None] * BC + o_c[None, :], b_d)
        tl.debug_barrier()
    else:
        b_d = tl.load(akk_ptr + base + o_c[:, None] * BC + o_c[None, :])
    acc = tl.zeros((BC, ), dtype=tl.float32)
    for i in range(0, BC):
        row = tl.load(akkd_ptr + base + i * BC + o_c)
        acc += row
    tl.store(out_ptr + i_t * BC + o_c, acc, mask=i_t * BC + o_c < T)


def chunk_intra(k: torch.Tensor, akk: torch.Tensor, fuse_diagonal: bool) -> torch.Tensor:
    T = k.shape[0]
    akkd = torch.empty_like(akk)
    out = torch.empty_like(k)
    grid = (triton.cdiv(T, 16), )
    chunk_intra_kernel[grid](k, akk, akkd, out, T, H=4, BT=64, BC=16, FUSE_DIAGONAL=fuse_diagonal)
    return out
