# What btlint does not read on classes: an __init__ that asks a package
# outside the project, attributes a library base class may provide, and an exception
# no except clause of the try catches.
import torch
import triton
import triton.language as tl
from vendored_tuning import prefers_wide_tiles


class Loader:
    def __init__(self):
        if prefers_wide_tiles():
            self.configs = [triton.Config({"BLOCK_M": 256})]
        else:
            self.configs = [triton.Config({"BLOCK_M": 64})]


class Module(torch.nn.Module):
    SIZES = (32, 64)


def strict(table, key):
    try:
        return table[key]
    except ValueError:  # a missing key raises KeyError, which goes on
        return 8


@triton.autotune(configs=Loader().configs, key=["M"])
@triton.jit
def built_by_init(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) + 1, mask=offs < M)


@triton.autotune(configs=[triton.Config({"BLOCK_M": b}) for b in Module.WARPS], key=["M"])
@triton.jit
def library_base(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) + 2, mask=offs < M)


@triton.autotune(configs=strict({"sm80": [triton.Config({"BLOCK_M": 16})]}, "sm90"), key=["M"])
@triton.jit
def uncaught(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) + 3, mask=offs < M)
