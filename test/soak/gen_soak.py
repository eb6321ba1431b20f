#!/usr/bin/env python3
"""Writes random but valid Triton kernels whose findings are known by construction.

usage: gen_soak.py DEST FILES SEED [ARCH_MAJOR]

Each file holds 1-4 autotuned kernels. Their config lists take one of these
forms, with values drawn so that some are wrong:
  literal      a literal list in the decorator, one triton.Config per line
  constant     a module constant list (optionally inside an arch branch on
               torch.cuda.get_device_capability(); ARCH_MAJOR, default 9, picks
               the branch that is analysed, the other one holds decoys)
  comprehension  a one-line comprehension over literal lists or module
               constants, or over itertools.product(...)
  helper       a helper function returning a comprehension, called with a
               literal list of num_warps values
  loop         a helper appending configs in nested for loops with a filter
               (`continue` when m * w > limit), optionally + a literal list
The rules checked, and where each reports (the line of the value's literal):
  tile-not-power-of-two   BLOCK_M / BLOCK_N (both feed tl.arange) not a power of two
  num-warps-invalid       num_warps not a power of two or over 32 (1024 threads)
  config-unknown-param    a dict key that is not a kernel parameter
  duplicate-config        a config identical to an earlier one (at the config call)
  autotune-key-unknown-arg  a key name that is not a kernel argument
  too-few-configs         0 or 2 configs (no tl.dot; one is a pinned config), at the configs= expression
DEST/expected.json maps each file to its sorted [rule, line] pairs.
"""
import itertools
import json
import random
import sys
from pathlib import Path

GOOD_TILES = [16, 32, 64, 128]
BAD_TILES = [24, 48, 96, 40]
GOOD_WARPS = [1, 2, 4, 8, 16, 32]
BAD_WARPS = [3, 6, 12, 64]
UNKNOWN_KEYS = ["BLOCK_Q", "BLOCK_SZE", "block_m", "GROUP_SIZE"]
RULES = ["tile-not-power-of-two", "num-warps-invalid", "config-unknown-param", "duplicate-config",
         "autotune-key-unknown-arg", "too-few-configs"]


def pow2(v):
    return v > 0 and v & (v - 1) == 0


def warps_bad(w):
    return not pow2(w) or w > 32


class File:
    def __init__(self):
        self.lines = []
        self.expected = set()

    def add(self, text=""):
        first = len(self.lines) + 1
        self.lines.extend(text.split("\n"))
        return first  # 1-based line number of (the first line of) what was added

    @property
    def next_line(self):
        return len(self.lines) + 1


def pick(rng, good, bad, p_bad):
    return rng.choice(bad) if rng.random() < p_bad else rng.choice(good)


class Config:
    """One triton.Config with the lines each of its values is written on."""

    def __init__(self, bm, bn, warps, stages, extra=None):
        self.bm, self.bn, self.warps, self.stages, self.extra = bm, bn, warps, stages, extra

    def identity(self):
        params = {"BLOCK_M": self.bm, "BLOCK_N": self.bn}
        if self.extra:
            params[self.extra[0]] = self.extra[1]
        return (tuple(sorted(params.items())), self.warps, self.stages)

    def text(self, bm=None, bn=None, warps=None):
        extra = f', "{self.extra[0]}": {self.extra[1]}' if self.extra else ""
        return (f'triton.Config({{"BLOCK_M": {bm or self.bm}, "BLOCK_N": {bn or self.bn}{extra}}}, '
                f'num_warps={warps or self.warps}, num_stages={self.stages})')


def random_config(rng, p_bad):
    extra = (rng.choice(UNKNOWN_KEYS), rng.choice([1, 2, 4])) if rng.random() < p_bad / 3 else None
    return Config(pick(rng, GOOD_TILES, BAD_TILES, p_bad), pick(rng, GOOD_TILES, BAD_TILES, p_bad),
                  pick(rng, GOOD_WARPS, BAD_WARPS, p_bad), rng.choice([2, 3, 4]), extra)


def expect_value_findings(f, configs, lines):
    """Findings of configs whose values are written on the given lines: lines is
    a list of (bm_line, bn_line, warps_line, key_line, call_line) per config."""
    seen = set()
    unknown_keys = set()  # config-unknown-param: once per key and list, at its first config
    for config, (bm_line, bn_line, warps_line, key_line, call_line) in zip(configs, lines):
        if not pow2(config.bm):
            f.expected.add(("tile-not-power-of-two", bm_line))
        if not pow2(config.bn):
            f.expected.add(("tile-not-power-of-two", bn_line))
        if warps_bad(config.warps):
            f.expected.add(("num-warps-invalid", warps_line))
        if config.extra and config.extra[0] not in unknown_keys:
            f.expected.add(("config-unknown-param", key_line))
            unknown_keys.add(config.extra[0])
        identity = config.identity()
        if identity in seen:
            f.expected.add(("duplicate-config", call_line))
        seen.add(identity)


KERNEL_BODY = '''@triton.jit
def {name}(x_ptr, y_ptr, n_elements, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < n_elements) & (cols[None, :] < stride)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=0.0)
    tl.store(y_ptr + rows[:, None] * stride + cols[None, :], x * 2, mask=mask)
'''


def decorator_key(f, rng, p_bad):
    keys = ["n_elements"] + (["stride"] if rng.random() < 0.5 else [])
    bogus = None
    if rng.random() < p_bad / 2:
        bogus = rng.choice(["n_elem", "M", "N_CTX", "size"])
        keys.insert(rng.randrange(len(keys) + 1), bogus)
    line = f.add("    key=[" + ", ".join(f'"{k}"' for k in keys) + "],")
    if bogus:
        f.expected.add(("autotune-key-unknown-arg", line))


def count_check(f, configs, list_line):
    # One config is a pinned config (Triton runs it unbenchmarked): not reported.
    if len(configs) < 3 and len(configs) != 1:
        f.expected.add(("too-few-configs", list_line))


def kernel_literal(f, rng, name, p_bad):
    configs = [random_config(rng, p_bad) for _ in range(rng.randint(1, 6))]
    if len(configs) > 1 and rng.random() < p_bad:
        configs.append(Config(**vars(rng.choice(configs))))  # an exact duplicate
    f.add("@triton.autotune(")
    list_line = f.add("    configs=[")
    lines = []
    for config in configs:
        line = f.add("        " + config.text() + ",")
        lines.append((line,) * 5)
    f.add("    ],")
    decorator_key(f, rng, p_bad)
    f.add(")")
    expect_value_findings(f, configs, lines)
    count_check(f, configs, list_line)
    f.add(KERNEL_BODY.format(name=name))


def kernel_constant(f, rng, name, p_bad, arch_major):
    const = name.upper() + "_CONFIGS"
    branch = rng.random() < 0.5
    configs = [random_config(rng, p_bad) for _ in range(rng.randint(1, 5))]
    if len(configs) > 1 and rng.random() < p_bad:
        configs.append(Config(**vars(rng.choice(configs))))
    decoys = [random_config(rng, 0.9) for _ in range(rng.randint(1, 3))]

    def write_list(items, indent):
        start = f.add(f"{indent}{const} = [")
        lines = []
        for config in items:
            line = f.add(f"{indent}    {config.text()},")
            lines.append((line,) * 5)
        f.add(f"{indent}]")
        return lines

    if branch:
        threshold = rng.choice([8, 9, 10])
        form = rng.choice(["index", "tuple", "variable"])
        if form == "index":
            f.add(f"if torch.cuda.get_device_capability()[0] >= {threshold}:")
        elif form == "tuple":
            f.add(f"if torch.cuda.get_device_capability() >= ({threshold}, 0):")
        else:
            f.add(f"_major_{name}, _minor_{name} = torch.cuda.get_device_capability()")
            f.add(f"if _major_{name} >= {threshold}:")
        taken = arch_major >= threshold
        first = write_list(configs if taken else decoys, "    ")
        f.add("else:")
        second = write_list(decoys if taken else configs, "    ")
        lines = first if taken else second
    else:
        lines = write_list(configs, "")
    f.add("")
    f.add("")
    f.add("@triton.autotune(")
    list_line = f.add(f"    configs={const},")
    decorator_key(f, rng, p_bad)
    f.add(")")
    expect_value_findings(f, configs, lines)
    count_check(f, configs, list_line)
    f.add(KERNEL_BODY.format(name=name))


def kernel_comprehension(f, rng, name, p_bad):
    ms = [pick(rng, GOOD_TILES, BAD_TILES, p_bad / 2) for _ in range(rng.randint(1, 3))]
    ns = [pick(rng, GOOD_TILES, BAD_TILES, p_bad / 2) for _ in range(rng.randint(1, 2))]
    ws = [pick(rng, GOOD_WARPS, BAD_WARPS, p_bad / 2) for _ in range(rng.randint(1, 3))]
    stages = rng.choice([2, 3, 4])
    extra = (rng.choice(UNKNOWN_KEYS), 1) if rng.random() < p_bad / 4 else None
    # Sources of the lists: literal in the comprehension, or module constants.
    use_constants = rng.random() < 0.5
    ms_line = ws_line = None
    if use_constants:
        ms_line = f.add(f"{name.upper()}_TILES_M = {ms}")
        ws_line = f.add(f"{name.upper()}_WARPS = {ws}")
        f.add("")
        f.add("")
        ms_text, ws_text = f"{name.upper()}_TILES_M", f"{name.upper()}_WARPS"
    else:
        ms_text, ws_text = str(ms), str(ws)
    extra_text = f', "{extra[0]}": {extra[1]}' if extra else ""
    product = rng.random() < 0.5
    if product:
        generator = f"for m, n, w in itertools.product({ms_text}, {ns}, {ws_text})"
        order = itertools.product(ms, ns, ws)
    else:
        generator = f"for m in {ms_text} for n in {ns} for w in {ws_text}"
        order = itertools.product(ms, ns, ws)
    f.add("@triton.autotune(")
    line = f.next_line
    f.add(f'    configs=[triton.Config({{"BLOCK_M": m, "BLOCK_N": n{extra_text}}}, num_warps=w, '
          f"num_stages={stages}) {generator}],")
    decorator_key(f, rng, p_bad)
    f.add(")")
    configs = [Config(m, n, w, stages, extra) for m, n, w in order]
    lines = [(ms_line or line, line, ws_line or line, line, line)] * len(configs)
    expect_value_findings(f, configs, lines)
    count_check(f, configs, line)
    f.add(KERNEL_BODY.format(name=name))


def kernel_helper(f, rng, name, p_bad):
    bm = pick(rng, GOOD_TILES, BAD_TILES, p_bad / 2)
    ns = [pick(rng, GOOD_TILES, BAD_TILES, p_bad / 2) for _ in range(rng.randint(1, 2))]
    ws = [pick(rng, GOOD_WARPS, BAD_WARPS, p_bad / 2) for _ in range(rng.randint(1, 3))]
    helper = f"_configs_for_{name}"
    f.add(f"def {helper}(warps, stages=3):")
    body_line = f.add(f'    return [triton.Config({{"BLOCK_M": {bm}, "BLOCK_N": n}}, num_warps=w, num_stages=stages) '
                      f"for n in {ns} for w in warps]")
    f.add("")
    f.add("")
    f.add("@triton.autotune(")
    call_line = f.add(f"    configs={helper}({ws}),")
    decorator_key(f, rng, p_bad)
    f.add(")")
    configs = [Config(bm, n, w, 3) for n in ns for w in ws]
    lines = [(body_line, body_line, call_line, body_line, body_line)] * len(configs)
    expect_value_findings(f, configs, lines)
    count_check(f, configs, call_line)
    f.add(KERNEL_BODY.format(name=name))


def kernel_loop(f, rng, name, p_bad):
    """A helper that builds the list with nested for loops and append, with a
    filter (`if m * w <= limit`), and a literal config concatenated after it."""
    ms = [pick(rng, GOOD_TILES, BAD_TILES, p_bad / 2) for _ in range(rng.randint(1, 3))]
    ws = [pick(rng, GOOD_WARPS, BAD_WARPS, p_bad / 2) for _ in range(rng.randint(1, 3))]
    limit = rng.choice([64, 256, 1024, 4096])
    bn = pick(rng, GOOD_TILES, BAD_TILES, p_bad / 3)
    helper = f"_build_{name}"
    f.add(f"def {helper}(limit):")
    f.add("    configs = []")
    ms_line = f.add(f"    for m in {ms}:")
    ws_line = f.add(f"        for w in {ws}:")
    f.add("            if m * w > limit:")
    f.add("                continue")
    call_line = f.add(f'            configs.append(triton.Config({{"BLOCK_M": m, "BLOCK_N": {bn}}}, num_warps=w, num_stages=3))')
    f.add("    return configs")
    f.add("")
    f.add("")
    configs = [Config(m, bn, w, 3) for m in ms for w in ws if m * w <= limit]
    lines = [(ms_line, call_line, ws_line, call_line, call_line)] * len(configs)
    tail = None
    if rng.random() < 0.5:
        tail = random_config(rng, p_bad)
    f.add("@triton.autotune(")
    list_line = f.next_line
    if tail:
        f.add(f"    configs={helper}({limit}) + [")
        tail_line = f.add(f"        {tail.text()},")
        f.add("    ],")
        configs.append(tail)
        lines.append((tail_line,) * 5)
    else:
        f.add(f"    configs={helper}({limit}),")
    decorator_key(f, rng, p_bad)
    f.add(")")
    expect_value_findings(f, configs, lines)
    count_check(f, configs, list_line)
    f.add(KERNEL_BODY.format(name=name))


def write_file(rng, index, arch_major):
    f = File()
    for line in ["import itertools", "", "import torch", "import triton", "import triton.language as tl", "", ""]:
        f.add(line)
    p_bad = rng.choice([0.0, 0.1, 0.3, 0.6])
    for k in range(rng.randint(1, 4)):
        name = f"kernel_{index}_{k}"
        form = rng.choice(["literal", "constant", "comprehension", "helper", "loop"])
        if form == "literal":
            kernel_literal(f, rng, name, p_bad)
        elif form == "constant":
            kernel_constant(f, rng, name, p_bad, arch_major)
        elif form == "comprehension":
            kernel_comprehension(f, rng, name, p_bad)
        elif form == "helper":
            kernel_helper(f, rng, name, p_bad)
        else:
            kernel_loop(f, rng, name, p_bad)
        f.add("")
    return "\n".join(f.lines) + "\n", sorted(f.expected)


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    dest, count, seed = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    arch_major = int(sys.argv[4]) if len(sys.argv) > 4 else 9
    rng = random.Random(seed)
    dest.mkdir(parents=True, exist_ok=True)
    expected = {}
    for i in range(count):
        text, findings = write_file(rng, i, arch_major)
        name = f"soak_{i:05d}.py"
        (dest / name).write_text(text)
        expected[name] = findings
    (dest / "expected.json").write_text(json.dumps(expected, indent=0, sort_keys=True))
    print(sum(len(v) for v in expected.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
