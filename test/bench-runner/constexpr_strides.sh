#!/bin/bash
# btlint-bench --emit: a constexpr stride of a 2-D tile's contiguous axis is
# given 1 (`btlint-stride`, btlint's layout), shared by the estimate and the
# harness's compile; a constexpr that scales a 1-D tile and is also computed
# with (a head count) is not.
# Usage: constexpr_strides.sh BTLINT_BENCH SOURCE_DIR
set -euo pipefail
bench=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" --emit "$work/emitted" --all "$root/test/bench-runner/constexpr-strides/constexpr_strides.py" --arch sm90 --no-config > /dev/null
python3 - "$work/emitted/manifest.json" <<'PY'
import json, sys
kernels = {k["name"]: k for k in json.load(open(sys.argv[1]))["kernels"]}
proj = kernels["expert_down_proj_kernel"].get("constexpr_values") or {}
strides = {n: v for n, v in proj.items() if v.get("source") == "btlint-stride"}
want = {"stride_ak", "stride_wk", "stride_yn"}
assert set(strides) == want, f"btlint-stride values {sorted(strides)}, want {sorted(want)}"
assert all(v["value"] == 1 for v in strides.values()), strides
head = kernels["head_cumsum_kernel"].get("constexpr_values") or {}
assert "H" not in head or head["H"].get("source") != "btlint-stride", f"H taken as a stride: {head}"
print("PASS: constexpr strides")
PY
