# A `@property` getter is called when it is read, with its setter beside it;
# what the getter returns must still be known at lint time: one that reads
# the environment at each call of a helper btlint does not model stops the list.
import triton
import triton.language as tl
from vendored_probe import measured_bandwidth


class Tuning:
    def __init__(self):
        self._stages = 2

    @property
    def stages(self) -> int:
        return self._stages

    @stages.setter
    def stages(self, value: int) -> None:
        self._stages = value

    @property
    def fast_memory(self) -> bool:
        return measured_bandwidth() > 3000


TUNING = Tuning()


@triton.autotune(
    configs=[triton.Config({"BLOCK": b}, num_warps=4, num_stages=TUNING.stages) for b in (256, 512, 1024)],
    key=["n"],
)
@triton.jit
def known_property_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)


@triton.autotune(
    configs=[triton.Config({"BLOCK": 2048 if TUNING.fast_memory else 1024}, num_warps=w) for w in (4, 8, 16)],
    key=["n"],
)
@triton.jit
def unknown_property_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
