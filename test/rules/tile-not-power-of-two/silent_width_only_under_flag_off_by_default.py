import torch
import triton
import triton.language as tl


@triton.jit
def paged_value_sum_kernel(v_ptr, out_ptr, stride_block, BLOCK_T: tl.constexpr, HEAD: tl.constexpr,
                           PACKED: tl.constexpr = False, PACK_WIDTH: tl.constexpr = 0):
    # PACK_WIDTH only shapes the unpacking reshape of a packed cache; its 0
    # default is never built, since PACKED defaults to off and every packed
    # launch passes a width.
    block = tl.program_id(0)
    offs = tl.arange(0, BLOCK_T * HEAD)
    v = tl.load(v_ptr + block * stride_block + offs)
    if PACKED:
        v = v.reshape(HEAD // PACK_WIDTH, BLOCK_T, PACK_WIDTH).permute(1, 0, 2).reshape(BLOCK_T, HEAD)
    else:
        v = v.reshape(BLOCK_T, HEAD)
    tl.store(out_ptr + block * HEAD + tl.arange(0, HEAD), tl.sum(v, axis=0))


def paged_value_sum(v, packed):
    blocks, block_t, head = v.shape[0], v.shape[1], v.shape[-1]
    out = torch.empty((blocks, head), device=v.device, dtype=v.dtype)
    if packed:
        paged_value_sum_kernel[(blocks,)](v, out, v.stride(0), BLOCK_T=block_t, HEAD=head, PACKED=True,
                                          PACK_WIDTH=16)
    else:
        paged_value_sum_kernel[(blocks,)](v, out, v.stride(0), BLOCK_T=block_t, HEAD=head)
    return out
