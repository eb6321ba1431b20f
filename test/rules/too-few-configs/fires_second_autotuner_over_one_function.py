import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, out_ptr, n_elements, scale, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x * scale, mask=mask)


# Each call-form application is an autotuner of its own with its own list:
# the first has enough configs, the second (over the same function) has two.
scale_wide = triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": b}, num_warps=4) for b in (256, 512, 1024, 2048)],
    key=["n_elements"],
)(scale_kernel)
scale_narrow = triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 128}), triton.Config({"BLOCK_SIZE": 256})],
    key=["n_elements"],
)(scale_kernel)


def scale(x, factor, narrow=False):
    out = torch.empty_like(x)
    n = x.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)
    if narrow:
        scale_narrow[grid](x, out, n, factor)
    else:
        scale_wide[grid](x, out, n, factor)
    return out
