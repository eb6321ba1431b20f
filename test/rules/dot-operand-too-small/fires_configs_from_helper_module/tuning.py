"""Config spaces shared by the GEMM kernels of this package."""
import itertools

import triton

BLOCK_MN = [64, 128]
BLOCK_K = [8, 32]
STAGES_WARPS = [(3, 4), (4, 8)]


def gemm_configs(extra_stages=()):
    configs = []
    for bm, bk, (stages, warps) in itertools.product(BLOCK_MN, BLOCK_K, STAGES_WARPS):
        configs.append(triton.Config({"BLOCK_M": bm, "BLOCK_N": bm, "BLOCK_K": bk},
                                     num_stages=stages, num_warps=warps))
    for stages in extra_stages:
        configs.append(triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64},
                                     num_stages=stages, num_warps=8))
    return configs
