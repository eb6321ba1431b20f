"""A copy kernel whose configs misbehave on purpose, to show btlint-bench's
isolation on a real GPU: config 2 reads 8 TiB past its buffer (an illegal
memory access poisons the CUDA context), config 3 spins on a flag nobody sets
(a hang, killed at the timeout). Configs 1 and 4 run normally and are still
timed after the worker process has been replaced twice.

Planted for btlint: `key=[]` leaves out `n`, which bounds the masks
(autotune-key-missing-dim), so the kernel is in the harness.
"""
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 1024, "SKEW": 0, "SPIN": 0}, num_warps=4),
        triton.Config({"BLOCK": 1024, "SKEW": 1 << 40, "SPIN": 0}, num_warps=4),
        triton.Config({"BLOCK": 1024, "SKEW": 0, "SPIN": 1}, num_warps=4),
        triton.Config({"BLOCK": 4096, "SKEW": 0, "SPIN": 0}, num_warps=8),
    ],
    key=[],
)
@triton.jit
def fragile_copy_kernel(src_ptr, dst_ptr, flag_ptr, n, BLOCK: tl.constexpr, SKEW: tl.constexpr,
                        SPIN: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(src_ptr + offsets + SKEW, mask=mask)
    if SPIN:
        flag = tl.load(flag_ptr, volatile=True)
        while flag == 0:
            flag = tl.load(flag_ptr, volatile=True)
    tl.store(dst_ptr + offsets, x, mask=mask)
