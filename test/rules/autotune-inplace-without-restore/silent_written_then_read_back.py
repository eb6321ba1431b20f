import triton
import triton.language as tl

configs = [triton.Config({"BLOCK": b, "SUB": 256}, num_warps=w) for b in (1024, 2048) for w in (4, 8)]


# Each sub-block of `out` is stored from the input and then read back at the
# same address and mask in the same iteration: the read sees this run's own
# store, never the previous run's output.
@triton.autotune(configs=configs, key=["n"])
@triton.jit
def masked_fill_kernel(inp_ptr, mask_ptr, out_ptr, value, n, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    for sub in range(BLOCK // SUB):
        offsets = base + sub * SUB + tl.arange(0, SUB)
        valid = offsets < n
        x = tl.load(inp_ptr + offsets, mask=valid, other=0)
        fill = tl.load(mask_ptr + offsets, mask=valid, other=0).to(tl.int1)
        tl.store(out_ptr + offsets, x, mask=valid)
        kept = tl.load(out_ptr + offsets, mask=valid, other=0)
        tl.store(out_ptr + offsets, tl.where(fill, value, kept), mask=valid)
