import os

import triton
import triton.language as tl


def copy_heuristics():
    # The list depends on a setting btlint does not know: the factory is
    # followed, and what stops it is said.
    blocks = [int(b) for b in os.environ["COPY_BLOCKS"].split(",")]
    configs = [triton.Config({"BLOCK": block}, num_warps=4) for block in blocks]
    return triton.autotune(configs=configs, key=["n_elements"])


@copy_heuristics()
@triton.jit
def scaled_copy_kernel(src_ptr, dst_ptr, scale, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(src_ptr + offsets, mask=mask)
    tl.store(dst_ptr + offsets, x * scale, mask=mask)
