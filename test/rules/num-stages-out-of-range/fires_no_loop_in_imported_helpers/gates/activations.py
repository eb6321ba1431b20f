import triton
import triton.language as tl


@triton.jit
def _log1p_exp(x):
    return tl.log(1.0 + tl.exp(x))


@triton.jit
def softplus(x, THRESHOLD: tl.constexpr):
    # Elementwise, and so is the helper it calls: nothing here to pipeline.
    return tl.where(x > THRESHOLD, x, _log1p_exp(x))
