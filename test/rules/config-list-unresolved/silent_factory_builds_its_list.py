import triton
import triton.language as tl


def copy_heuristics():
    # The factory builds the list and the key and returns the decorator:
    # btlint reads them through the call, as it reads a list written inline.
    configs = [
        triton.Config({"BLOCK": block}, num_warps=warps)
        for block in (256, 512, 1024)
        for warps in (2, 4, 8)
    ]
    key = ["n_elements"]
    return triton.autotune(configs, key, restore_value=["dst_ptr"])


@copy_heuristics()
@triton.jit
def scaled_copy_kernel(src_ptr, dst_ptr, scale, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(src_ptr + offsets, mask=mask)
    tl.store(dst_ptr + offsets, x * scale, mask=mask)
