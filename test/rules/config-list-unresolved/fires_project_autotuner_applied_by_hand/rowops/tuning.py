# The project's own autotune factory: with ROWOPS_AUTOTUNE set it returns
# triton.autotune over a list it builds itself; otherwise one fixed config
# through triton.heuristics.
import os

import triton

_AUTOTUNE = os.getenv("ROWOPS_AUTOTUNE", "0") != "0"


def _row_configs():
    return [triton.Config({"BLOCK": b}, num_warps=w) for b in (256, 512, 1024) for w in (4, 8)]


def _heuristics_from_config(config):
    return triton.heuristics({k: (lambda args, _v=v: _v) for k, v in config.all_kwargs().items()})


def row_autotune():
    if _AUTOTUNE:
        return triton.autotune(configs=_row_configs(), key=["n"])
    return _heuristics_from_config(triton.Config({"BLOCK": 1024}, num_warps=4))
