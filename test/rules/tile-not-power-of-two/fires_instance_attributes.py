# Tile sizes held by instances: an __init__ that stores its argument, and a
# singleton whose __new__ hands out the first instance, so the second
# construction's argument is ignored (96 would be reported if it were not).
import triton
import triton.language as tl


class TileChoice:
    def __init__(self, block):
        self.block = block

    def configs(self):
        return [triton.Config({"BLOCK": self.block}), triton.Config({"BLOCK": 2 * self.block})]


class Defaults:
    _shared = None

    def __new__(cls, block):
        if cls._shared is None:
            cls._shared = object.__new__(cls)
        return cls._shared

    def __init__(self, block):
        if not hasattr(self, "block"):
            self.block = block


@triton.autotune(configs=TileChoice(48).configs(), key=["n"])
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


@triton.autotune(configs=[triton.Config({"BLOCK": Defaults(64).block}), triton.Config({"BLOCK": Defaults(96).block})],
                 key=["n"])
@triton.jit
def shift_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
