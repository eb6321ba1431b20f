#!/usr/bin/env python3
"""Compares btlint's JSON findings with what gen_soak.py expects.

usage: check_soak.py DEST BTLINT_JSON
Prints each file whose [rule, line] set differs (missing and unexpected) and
a summary; exit status 1 on any difference.
"""
import json
import sys
from collections import defaultdict
from pathlib import Path

RULES = {"tile-not-power-of-two", "num-warps-invalid", "config-unknown-param", "duplicate-config",
         "autotune-key-unknown-arg", "too-few-configs"}


def main():
    dest = Path(sys.argv[1])
    expected = {name: {tuple(p) for p in pairs} for name, pairs in json.loads((dest / "expected.json").read_text()).items()}
    found = defaultdict(set)
    other = defaultdict(list)
    for d in json.loads(Path(sys.argv[2]).read_text()):
        name = Path(d["path"]).name
        if d["rule"] in RULES:
            found[name].add((d["rule"], d["line"]))
        else:
            other[name].append(f'{d["rule"]}:{d["line"]}: {d["message"]}')
    bad = 0
    for name in sorted(expected):
        want, got = expected[name], found.get(name, set())
        if want != got or other.get(name):
            bad += 1
            if bad <= 20:
                print(f"MISMATCH {name}")
                for pair in sorted(want - got):
                    print(f"  missing    {pair[0]} at line {pair[1]}")
                for pair in sorted(got - want):
                    print(f"  unexpected {pair[0]} at line {pair[1]}")
                for text in other.get(name, []):
                    print(f"  other      {text}")
    total = sum(len(v) for v in expected.values())
    print(f"soak: {len(expected)} files, {total} expected findings, {len(expected) - bad} files exact, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
