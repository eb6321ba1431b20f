import itertools

import triton
import triton.language as tl


def configs():
    return [
        triton.Config({"BLOCK": b}, num_warps=w, num_stages=s)
        for b, w, s in itertools.product([64, 128, 256], [4, 8], [2, 3])
    ]


@triton.autotune(configs=configs() + [triton.Config({"BLOCK": 512}, num_warps=8)] * 2, key=["n"])
@triton.jit
def ordinary(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
