#!/bin/bash
# btlint-bench --emit --all on a project that keeps another vendor's build of
# an op in a backend folder (`backend/_ascend/`): that kernel is listed in
# the manifest's foreign_backend_kernels and said on the terminal, not
# compiled for NVIDIA; the NVIDIA kernel is emitted. `backend: triton` for
# that folder in .btlint.yaml says its kernels are upstream Triton's: both
# are emitted.
# Usage: vendor_layout.sh BTLINT_BENCH SOURCE_DIR
set -euo pipefail
bench=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root/test/bench-runner/vendor-layout"
"$bench" --emit "$work/h" --all ops --arch sm90 > "$work/out.txt"
grep -q "1 kernels in files for other vendors' Triton left out" "$work/out.txt" || {
  echo "FAIL: terminal did not say what was left out"; cat "$work/out.txt"; exit 1; }
python3 - "$work/h/manifest.json" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
emitted = [k["name"] for k in manifest["kernels"]]
foreign = [(k["name"], k["configs"], k["why"]) for k in manifest["foreign_backend_kernels"]]
assert emitted == ["add_kernel"], emitted
assert foreign == [("add_kernel_npu", 2, "a kernel for Huawei Ascend NPU (lies in the folder `_ascend`), "
                    "not compiled for NVIDIA")], foreign
PY

mkdir "$work/p"
cp -r ops "$work/p/"
printf 'overrides:\n  - paths: ["ops/backend/_ascend/**"]\n    backend: triton\n' > "$work/p/.btlint.yaml"
cd "$work/p"
"$bench" --emit "$work/h2" --all ops --arch sm90 > "$work/out2.txt"
python3 - "$work/h2/manifest.json" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
emitted = sorted(k["name"] for k in manifest["kernels"])
assert emitted == ["add_kernel", "add_kernel_npu"], emitted
assert not manifest["foreign_backend_kernels"], manifest["foreign_backend_kernels"]
PY
echo "PASS: the Ascend kernel listed apart, the NVIDIA one emitted; both emitted under backend: triton"
