import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": b}, num_warps=w) for b in (1024, 2048, 4096) for w in (4, 8)],
    key=["n_elements"],
)
@triton.jit
def relu_kernel(x_ptr, out_ptr, n_elements, NEGATIVE_SLOPE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.where(x > 0, x, x * NEGATIVE_SLOPE), mask=mask)


def leaky_relu(x: torch.Tensor, slope: float) -> torch.Tensor:
    out = torch.empty_like(x)
    n = x.numel()
    # NEGATIVE_SLOPE is a meta-parameter the configs leave alone: passing it is right.
    relu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, out, n, NEGATIVE_SLOPE=slope)
    return out
