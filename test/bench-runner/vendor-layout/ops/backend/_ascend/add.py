# The NPU build of the same op: Ascend's Triton takes a vector core count
# for the grid and non-power-of-two blocks.
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 1000}), triton.Config({"BLOCK": 3000})], key=["n"])
@triton.jit
def add_kernel_npu(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask), mask=mask)
