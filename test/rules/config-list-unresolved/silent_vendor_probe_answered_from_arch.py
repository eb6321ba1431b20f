# Operator libraries that ship kernels for several vendors find the device at
# import: they list the vendors in an enum, probe `torch` for a vendor
# plugin's namespace and try to import the plugin. For an NVIDIA target the
# plugins are absent, so the NVIDIA table is chosen and read whole.
from enum import Enum

import torch
import triton
import triton.language as tl


class Vendor(Enum):
    NVIDIA = 0
    CAMBRICON = 1
    ASCEND = 2
    DEFAULT = 0  # an alias: iteration skips it

    @classmethod
    def by_name(cls):
        return {member.name.lower(): member for member in cls}


PLUGIN_NAMESPACES = {"cambricon": "mlu", "ascend": "npu"}


def detect_vendor():
    for vendor, namespace in PLUGIN_NAMESPACES.items():
        if hasattr(torch, namespace):
            return vendor
    try:
        import torch_npu  # noqa: F401

        return "ascend"
    except ImportError:
        pass
    return "nvidia"


TABLES = {
    "nvidia": [(128, 64, 4), (64, 64, 4), (64, 32, 2)],
    "cambricon": [(256, 256, 1)],
    "ascend": [(512, 128, 1)],
}
assert len(list(Vendor)) == 3 and detect_vendor() in Vendor.by_name()
TABLE = TABLES[Vendor.by_name()[detect_vendor()].name.lower()]


@triton.autotune(
    configs=[triton.Config({"BLOCK_M": m, "BLOCK_N": n}, num_warps=w) for m, n, w in TABLE],
    key=["M", "N"],
)
@triton.jit
def vendor_add_kernel(x_ptr, y_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    offs = rows[:, None] * N + cols[None, :]
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
