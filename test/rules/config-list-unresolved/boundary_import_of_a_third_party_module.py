# `__import__` of a package outside the project is that package, as for an
# import statement: what it answers is not known at lint time.
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK": b}, num_warps=4) for b in (256, 512, 1024)]
    if __import__("vendored_tuning").wide_tiles()
    else [triton.Config({"BLOCK": b}, num_warps=4) for b in (128, 256, 512)],
    key=["n"],
)
@triton.jit
def add_one_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
