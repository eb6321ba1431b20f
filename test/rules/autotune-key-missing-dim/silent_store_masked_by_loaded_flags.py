import torch
import triton
import triton.language as tl


# Each program compacts one row of a 0/1 matrix: the flags decide which
# elements are stored, so the strides in the flags' address size nothing; the
# keyed M sizes the loop and the load's mask.
@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=w) for b in (64, 128, 256) for w in (2, 4)],
                 key=["M"])
@triton.jit
def compact_row_kernel(flags_ptr, out_ptr, M, stride_row, stride_col, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    written = 0
    for start in range(0, M, BLOCK):
        keep = tl.load(flags_ptr + row * stride_row + offs * stride_col, mask=offs < M, other=0)
        slot = written + tl.cumsum(keep, axis=0) - keep
        tl.store(out_ptr + row * M + slot, offs, mask=keep != 0)
        written += tl.sum(keep, axis=0)
        offs += BLOCK


def compact(flags: torch.Tensor) -> torch.Tensor:
    n, m = flags.shape
    out = torch.full((n, m), -1, device=flags.device, dtype=torch.int32)
    compact_row_kernel[(n,)](flags, out, m, flags.stride(0), flags.stride(1))
    return out
