import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK": 64}, num_warps=2), triton.Config({"BLOCK": 256}, num_warps=4)],
    key=["n"],
)
@triton.jit
def reverse_cumsum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Tiles anchored at the end of the row and walking down: the highest
    # offset is n - 1 - pid * BLOCK, so only the low side can leave the row,
    # and the masks test that side.
    pid = tl.program_id(0)
    offs = (n - (pid + 1) * BLOCK) + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs >= 0, other=0.0)
    tl.store(out_ptr + offs, tl.cumsum(x, 0), mask=offs >= 0)


@triton.autotune(
    configs=[triton.Config({"BLOCK_L": 64}, num_warps=2), triton.Config({"BLOCK_L": 512}, num_warps=8)],
    key=["seq_len"],
)
@triton.jit
def reverse_scan_kernel(g_ptr, out_ptr, seq_len, stride_b, BLOCK_L: tl.constexpr):
    # Reads the sequence back to front: index seq_len - 1 - i for i counting up.
    b = tl.program_id(0)
    carry = tl.zeros((1,), dtype=tl.float32)
    for start in range(0, seq_len, BLOCK_L):
        rev = seq_len - 1 - (start + tl.arange(0, BLOCK_L))
        g = tl.load(g_ptr + b * stride_b + rev, mask=rev >= 0, other=0.0)
        acc = tl.cumsum(g, 0) + carry
        tl.store(out_ptr + b * stride_b + rev, acc, mask=rev >= 0)
        carry = tl.sum(g, 0) + carry


def reverse_cumsum(x):
    out = torch.empty_like(x)
    n = x.numel()
    reverse_cumsum_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, out, n)
    return out


def reverse_scan(g):
    out = torch.empty_like(g)
    reverse_scan_kernel[(g.shape[0],)](g, out, g.shape[1], g.stride(0))
    return out
