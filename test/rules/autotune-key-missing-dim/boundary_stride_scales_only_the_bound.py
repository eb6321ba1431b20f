import triton
import triton.language as tl


# The offsets here step one element at a time, so `num_heads * head_stride` is
# a count of elements: `head_stride` (the elements of one head) sizes the work
# of a program together with `num_heads` (one program covers a token's
# row in one tile the configs choose), and is reported.
@triton.autotune(
    configs=[triton.Config({"BLOCK": b}) for b in [256, 512, 1024, 2048]],
    key=["num_heads"],
)
@triton.jit
def scale_token_kernel(x_ptr, scale_ptr, stride_token, head_stride, num_heads: tl.constexpr,
                       BLOCK: tl.constexpr):
    token = tl.program_id(0)
    scale = tl.load(scale_ptr + token)
    offs = tl.arange(0, BLOCK)
    mask = offs < num_heads * head_stride
    x = tl.load(x_ptr + token * stride_token + offs, mask=mask)
    tl.store(x_ptr + token * stride_token + offs, x * scale, mask=mask)


def scale_token(x, scale):
    tokens, num_heads, head_dim = x.shape
    scale_token_kernel[(tokens,)](x, scale, x.stride(0), x.stride(1), num_heads)
