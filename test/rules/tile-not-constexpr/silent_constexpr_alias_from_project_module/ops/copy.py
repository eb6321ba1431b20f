# `BLOCK` is annotated with the project's alias of tl.constexpr, which Triton
# takes as constexpr whatever the alias is called (the class is named
# "constexpr"): the configs set it, as they set any compile-time parameter.
from ops.common import compile_time, tl, triton


@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=4) for b in (256, 512, 1024)], key=["n"])
@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: compile_time):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)
