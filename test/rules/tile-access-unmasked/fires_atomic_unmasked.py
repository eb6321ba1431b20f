import triton
import triton.language as tl


@triton.jit
def histogram_add_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr = 512):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    vals = tl.load(src_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(dst_ptr + offs, vals)
