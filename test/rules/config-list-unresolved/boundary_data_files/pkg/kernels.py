# Data files btlint cannot read: a YAML table that does not parse (the note
# names its line and column), a JSON file that is not there, and a file
# outside the project.
import json
import os

import triton
import triton.language as tl
import yaml

HERE = os.path.dirname(__file__)
BROKEN = yaml.safe_load(open(os.path.join(HERE, "broken.yaml")))
with open(os.path.join(HERE, "missing.json")) as f:
    MISSING = json.load(f)
OUTSIDE = json.load(open("/etc/hostname"))


@triton.autotune(configs=[triton.Config({"BLOCK": t["BLOCK"]}) for t in BROKEN["tiles"]], key=["n"])
@triton.jit
def from_broken(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)


@triton.autotune(configs=[triton.Config({"BLOCK": t}) for t in MISSING], key=["n"])
@triton.jit
def from_missing(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 2, mask=offs < n)


@triton.autotune(configs=[triton.Config({"BLOCK": t}) for t in OUTSIDE], key=["n"])
@triton.jit
def from_outside(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 3, mask=offs < n)
