import triton
import triton.language as tl


@triton.jit
def multiply_tiles(a_ptrs, b_ptrs, acc):
    return tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc)
