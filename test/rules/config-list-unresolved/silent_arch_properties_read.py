# btlint-test: --arch gfx942,sm90
# Libraries describe the device with a small frozen dataclass whose derived
# facts are `@property` getters (the family from the arch name, the compute
# unit count from the device): lists that branch on them are read whole.
import functools
from dataclasses import dataclass

import torch
import triton
import triton.language as tl


@dataclass(frozen=True)
class Device:
    name: str

    @property
    def is_cdna(self) -> bool:
        return self.name.startswith("gfx9")

    @property
    def units(self) -> int:
        return torch.cuda.get_device_properties(torch.cuda.current_device()).multi_processor_count

    @functools.cached_property
    def wide(self) -> bool:
        return self.units >= 128


@functools.cache
def current_device() -> Device:
    target = triton.runtime.driver.active.get_current_target()
    return Device(str(target.arch))


def row_configs():
    device = current_device()
    if device.is_cdna and device.wide:
        return [triton.Config({"BLOCK_N": n, "waves_per_eu": 2}, num_warps=w) for n in (256, 512) for w in (4, 8)]
    return [triton.Config({"BLOCK_N": n}, num_warps=w) for n in (256, 512, 1024) for w in (4, 8)]


@triton.autotune(configs=row_configs(), key=["N"])
@triton.jit
def scale_rows_kernel(x_ptr, out_ptr, scale, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * N + cols, x * scale, mask=mask)
