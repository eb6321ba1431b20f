#!/usr/bin/env python3
"""Findings on each kernel file linted alone against the whole tree's.

usage: tools/alone-equals-whole.py BTLINT [--arch ARCH] TREE...

For every tree: one run over the whole tree (a CI gate), then one run per
Python file that defines a Triton kernel or an autotune list, that file
alone (as pre-commit and editors pass it). A file's findings must be the
same both ways: its imports of the project's modules are read from disk
either way. Prints, per tree, the files compared and those that differ
with the findings only one run has; exits 1 when any differs.
"""
import json
import os
import re
import subprocess
import sys

args = sys.argv[1:]
if not args:
    sys.exit(__doc__)
btlint, args = os.path.abspath(args[0]), args[1:]
arch = "sm90"
if len(args) >= 2 and args[0] == "--arch":
    arch, args = args[1], args[2:]
KERNEL = re.compile(r"^\s*@(triton\.)?(jit|autotune)\b|triton\.(jit|autotune)\(", re.M)


def findings(cwd, paths):
    run = subprocess.run([btlint, "--no-config", "--arch", arch, "--format", "json", *paths], cwd=cwd,
                         capture_output=True, text=True)
    try:
        items = json.loads(run.stdout or "[]")
    except json.JSONDecodeError:
        sys.exit(f"{cwd}: no JSON from btlint {' '.join(paths)}: {run.stderr[-300:]}")
    by_file = {}
    for item in items:
        path = os.path.normpath(item["path"])
        by_file.setdefault(path, set()).add((item["rule"], item["line"], item["column"], item["message"]))
    return by_file


status = 0
for tree in args:
    files = []
    for root, _, names in os.walk(tree):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(root, name)
                with open(path, errors="replace") as f:
                    if KERNEL.search(f.read()):
                        files.append(os.path.relpath(path, tree))
    whole = findings(tree, ["."])
    differing = []
    for path in sorted(files):
        alone = findings(tree, [path]).get(os.path.normpath(path), set())
        both = whole.get(os.path.normpath(path), set())
        if alone != both:
            differing.append((path, sorted(both - alone), sorted(alone - both)))
    print(f"{tree}: {len(files)} kernel files, {len(files) - len(differing)} with the same findings alone as whole")
    for path, only_whole, only_alone in differing:
        status = 1
        print(f"  DIFFERS {path}")
        for finding in only_whole[:5]:
            print(f"    whole only: {finding}")
        for finding in only_alone[:5]:
            print(f"    alone only: {finding}")
sys.exit(status)
