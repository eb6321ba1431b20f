import triton
import triton.language as tl


# Rotary embedding applied in place to a block of heads of one token. The
# offsets step from head to head by `stride_head`, and the mask compares them
# with `num_heads * stride_head`: heads against `num_heads`, which is keyed.
# The stride scales both sides and sizes no work.
@triton.autotune(
    configs=[triton.Config({"HEADS": h}) for h in [1, 2, 4, 8, 16, 32]],
    key=["rot_dim", "num_heads"],
    restore_value=["x_ptr"],
)
@triton.jit
def rotary_heads_kernel(x_ptr, cos_ptr, sin_ptr, stride_token, stride_head, pass_dim,
                        rot_dim: tl.constexpr, num_heads: tl.constexpr, HEADS: tl.constexpr):
    token = tl.program_id(0)
    head_block = tl.program_id(1)
    half = tl.arange(0, rot_dim // 2)
    cos = tl.load(cos_ptr + token * rot_dim + half)[None, :]
    sin = tl.load(sin_ptr + token * rot_dim + half)[None, :]
    x_ptr += token * stride_token + head_block * HEADS * stride_head
    heads = tl.arange(0, HEADS)[:, None] * stride_head + pass_dim
    mask = heads < num_heads * stride_head
    x1 = tl.load(x_ptr + heads + half[None, :] * 2, mask=mask)
    x2 = tl.load(x_ptr + heads + half[None, :] * 2 + 1, mask=mask)
    tl.store(x_ptr + heads + half[None, :] * 2, x1 * cos - x2 * sin, mask=mask)
    tl.store(x_ptr + heads + half[None, :] * 2 + 1, x2 * cos + x1 * sin, mask=mask)


def rotary_heads(x, cos, sin, pass_dim):
    tokens, num_heads, head_dim = x.shape
    grid = lambda meta: (tokens, triton.cdiv(num_heads, meta["HEADS"]))
    rotary_heads_kernel[grid](x, cos, sin, x.stride(0), x.stride(1), pass_dim, head_dim - pass_dim, num_heads)
