import triton
import triton.language as tl


def tile_heuristics():
    # The factory's own list: it varies num_stages for a kernel without a loop.
    configs = [
        triton.Config({"BLOCK": block}, num_warps=warps, num_stages=stages)
        for block in (64, 128, 256)
        for warps in (2, 4)
        for stages in (1, 2)
    ]
    return triton.autotune(configs, ["n"])


@tile_heuristics()
@triton.jit
def double_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets, mask=offsets < n)
    tl.store(y_ptr + offsets, x * 2, mask=offsets < n)
