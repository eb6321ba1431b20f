# Config tables kept on classes (attributes, classmethods, enums, dataclass
# defaults) and helpers that fall back on a missing key with try/except.
import dataclasses
from enum import Enum

import triton
import triton.language as tl


class Tuning:
    BLOCKS = (32, 64)
    WARPS = (4, 8)

    @classmethod
    def configs(cls):
        return [triton.Config({"BLOCK_M": b}, num_warps=w) for b, w in zip(cls.BLOCKS, cls.WARPS)]


class WideTuning(Tuning):
    BLOCKS = (128, 256)


class SharedMemory(Enum):
    AMPERE = 166912
    HOPPER = 232448
    DEFAULT = 102400

    @classmethod
    def of(cls, arch):
        try:
            return cls[arch.upper()].value
        except KeyError:  # an arch the table does not name
            return cls.DEFAULT.value


@dataclasses.dataclass
class Pipeline:
    block: int = 64
    stages: int = 3

    def config(self):
        return triton.Config({"BLOCK_M": self.block}, num_stages=self.stages)


def stages_for(table, arch):
    try:
        return table[arch]
    except LookupError:
        return 2


BIG_SMEM = SharedMemory.of("none") >= SharedMemory.HOPPER.value
CLASS_CONFIGS = WideTuning.configs() + [Pipeline().config(), Pipeline(128, stages=stages_for({"sm80": 4}, "sm90")).config()]
CLASS_CONFIGS += [triton.Config({"BLOCK_M": 512 if BIG_SMEM else 16})]


@triton.autotune(configs=CLASS_CONFIGS, key=["M"])
@triton.jit
def class_tuned(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M) * 2, mask=offs < M)
