# Kernels and their configs written under module-level guards, as operator
# libraries do so the module imports without Triton or on old PyTorch.
import torch
from torch.utils._triton import has_triton

from kernel_support import torch_version_at_least  # not the project's: undecided

if torch_version_at_least("2.10.0") and has_triton():
    import triton
    import triton.language as tl

    # Assigned above the kernel in the same block.
    ROW_CONFIGS = [triton.Config({"BLOCK_M": m}, num_warps=4) for m in (64, 128)]

    def quantize_configs():
        return [triton.Config({"BLOCK_M": m}, num_warps=w) for m in (32, 64) for w in (2, 4)]

    @triton.autotune(configs=ROW_CONFIGS, key=["M"])
    @triton.jit
    def row_scale_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
        offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) * 2, mask=offs < M)

else:
    ROW_CONFIGS = []

_kernels_available = has_triton()

if _kernels_available:
    # A helper defined under the first guard, read under a second one.
    @triton.autotune(configs=quantize_configs(), key=["M"])
    @triton.jit
    def quantize_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
        offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) * 3, mask=offs < M)


def build_scale_op():
    # Imports inside a builder function, after an early return, run before
    # the kernel is defined.
    if not has_triton():
        return None

    import triton
    import triton.language as tl
    from triton import Config

    configs = [Config({"BLOCK_M": m}, num_stages=s) for m in (64, 128) for s in (2, 3)]

    @triton.autotune(configs=configs, key=["M"])
    @triton.jit
    def scale_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
        offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
        acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
        for _ in range(0, 4):
            acc += tl.load(x_ptr + offs, mask=offs < M)
        tl.store(x_ptr + offs, acc, mask=offs < M)

    return scale_kernel
