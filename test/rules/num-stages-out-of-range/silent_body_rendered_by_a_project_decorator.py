import triton
import triton.language as tl

from .codegen import render_kernel  # the project's decorator: renders the docstring's template per config


# The body Triton compiles is the template below, rendered by the decorator
# under @triton.jit; the `pass` btlint reads is not it. Whether it loops is
# not known, so the configs' depths are not judged.
@triton.autotune(
    configs=[triton.Config({"BLOCK_D": d}, num_warps=4, num_stages=s) for d in (64, 128) for s in (1, 3)],
    key=["d"],
)
@triton.jit
@render_kernel(block_sizes=(64, 128))
def rendered_state_update(S, K, V, d, BLOCK_D: tl.constexpr):
    """
    <template>
    for t in range(0, d, {{ block }}):
        acc += tl.dot(tl.load(K + ...), tl.load(V + ...))
    </template>
    """
    pass
