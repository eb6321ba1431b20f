import triton


@triton.jit
def scale_tile(x, scale):
    return x * scale
