import torch
import triton
import triton.language as tl


# The launcher dispatches on the model it serves, and every arm sets the
# patch width its own way: `PATCH` is 384 or 512 depending on the model, and
# the config tuned for one is reused for the other: reported (the same
# launcher with one width in every arm is silent).
@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 64}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK": 128}, num_warps=8, num_stages=3),
    ],
    key=["n_rows"],
)
@triton.jit
def patch_sum_kernel(x_ptr, y_ptr, n_rows, PATCH, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK, ), dtype=tl.float32)
    for start in range(0, PATCH, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * PATCH + offs, mask=offs < PATCH, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


def patch_sum(x: torch.Tensor, model: str) -> torch.Tensor:
    if model == "video-small":
        height, patch = 30, 384
    elif model == "video-large":
        height, patch = 36, 512
    else:
        raise ValueError(f"unknown model {model}")
    y = torch.empty(x.shape[0], device=x.device, dtype=torch.float32)
    patch_sum_kernel[(x.shape[0], )](x, y, x.shape[0] // height * height, patch)
    return y
