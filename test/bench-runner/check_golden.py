#!/usr/bin/env python3
"""Compares an emitted harness folder with the golden one: the file list, the
harness files byte for byte with tools/btlint-bench/harness/, and manifest.json
with the fields that change from run to run (creation time, version, btlint's
resource estimates, which other engineers' model changes move) left out. Where
the golden folder has them, also the CUDA drivers and cuda_plan.json that
`run.py --cuda-plan` writes.
Usage: check_golden.py EMITTED GOLDEN_DIR   (UPDATE_GOLDEN=1 rewrites the golden)"""
import json
import os
import sys

# Other engineers move the arch table and the resource model; those are checked elsewhere.
VOLATILE = {"created", "btlint_version", "arch_info", "estimated_static_shared_bytes"}
# Written by `run.py --cuda-plan`, compared as they are.
CUDA_OUTPUTS = ("cuda_plan.json", "cuda_drivers")


def normalise(value):
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items() if k not in VOLATILE and k != "estimate"}
    if isinstance(value, list):
        return [normalise(v) for v in value]
    return value


def files(root, skip=()):
    out = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__" and d not in skip]
        out += [os.path.relpath(os.path.join(folder, n), root) for n in names if n not in skip]
    return sorted(out)


def cuda_outputs(root):
    """cuda_plan.json and cuda_drivers/*.cu of a folder, by relative path."""
    out = {}
    for name in files(root):
        if name.split(os.sep)[0] in CUDA_OUTPUTS:
            out[name] = open(os.path.join(root, name)).read()
    return out


def main():
    emitted, golden = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    harness = os.path.join(here, "..", "..", "tools", "btlint-bench", "harness")
    manifest = normalise(json.load(open(os.path.join(emitted, "manifest.json"))))
    listing = files(emitted, CUDA_OUTPUTS)
    if os.environ.get("UPDATE_GOLDEN"):
        os.makedirs(golden, exist_ok=True)
        json.dump(manifest, open(os.path.join(golden, "manifest.json"), "w"), indent=2, sort_keys=True)
        open(os.path.join(golden, "files.txt"), "w").write("\n".join(listing) + "\n")
        for name, text in cuda_outputs(emitted).items():
            os.makedirs(os.path.dirname(os.path.join(golden, name)), exist_ok=True)
            open(os.path.join(golden, name), "w").write(text)
        print("golden updated")
        return 0
    problems = []
    want = json.load(open(os.path.join(golden, "manifest.json")))
    if manifest != want:
        problems.append("manifest.json differs from the golden:\n" + json.dumps(manifest, indent=2, sort_keys=True))
    want_files = open(os.path.join(golden, "files.txt")).read().split()
    if listing != want_files:
        problems.append(f"files differ: {listing} != {want_files}")
    got, want_cuda = cuda_outputs(emitted), cuda_outputs(golden)
    if sorted(got) != sorted(want_cuda):
        problems.append(f"CUDA drivers and plan differ: {sorted(got)} != {sorted(want_cuda)}")
    for name in sorted(set(got) & set(want_cuda)):
        if got[name] != want_cuda[name]:
            problems.append(f"{name} differs from the golden:\n{got[name]}")
    for name in os.listdir(harness):
        if name.endswith((".py", ".md", ".cuh")):
            if open(os.path.join(harness, name), "rb").read() != open(os.path.join(emitted, name), "rb").read():
                problems.append(f"{name} is not the embedded copy of tools/btlint-bench/harness/{name}")
    # btlint's estimate travels with each config of a Triton kernel.
    first = json.load(open(os.path.join(emitted, "manifest.json")))["kernels"][0]
    if first["language"] == "triton":
        estimate = first["configs"][1]["estimate"]
        if "sm90" not in estimate or "smem_max" not in estimate["sm90"]:
            problems.append(f"no sm90 shared-memory estimate for config 2: {estimate}")
    for p in problems:
        print("FAIL:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
