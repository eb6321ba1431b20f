# btlint-test: --select tile-not-power-of-two
import torch
import torch_npu  # noqa: F401  (the kernel draws no finding of upstream limits: nothing to explain)
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 1024}, num_warps=4, num_stages=s) for s in (1, 2)],
    key=["n_elements"],
)
@triton.jit
def scale_kernel(x_ptr, out_ptr, n_elements, scale, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * scale, mask=mask)
