#!/bin/bash
# The boundary check's path without a GPU: emit the suite (linted: the
# tile-access-unmasked findings on its seeded bugs), run.py --boundary with a stand-in worker (boundary/fake_boundary_worker.py:
# the seeded bugs fail where their dimension is ragged, one pair faults, one
# kills its worker), then --collect. Every (config, shape) pair must have one
# row, and the report must match the recorded one.
# Usage: boundary_fake_run.sh BTLINT_BENCH SOURCE_DIR [--update]
set -euo pipefail
bench=$1
root=$2
py=${BTLINT_PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
suite=test/bench-runner/boundary
"$bench" --emit "$work/h" --all "$suite" >/dev/null
"$py" "$work/h/run.py" --boundary --gpus 2 --jobs 3 \
  --worker-command "$py $root/$suite/fake_boundary_worker.py $work/h" 2>"$work/log"
"$bench" --collect "$work/h" >/dev/null
recorded=$suite/recorded/boundary_report.json
if [ "${3:-}" = --update ]; then
  mkdir -p "$(dirname "$recorded")"
  sed "s|$root/||g" "$work/h/boundary_report.json" >"$recorded"
  echo "updated $recorded"
  exit 0
fi
"$py" - "$work/h" "$recorded" "$root/" <<'PY'
import json
import sys
folder, recorded, root = sys.argv[1:4]
manifest = json.load(open(f"{folder}/manifest.json"))
results = json.load(open(f"{folder}/boundary_results.json"))
report = json.loads(open(f"{folder}/boundary_report.json").read().replace(root, ""))
problems = []
want_pairs = {(k["id"], c["index"], s) for k in manifest["kernels"] if k.get("boundary")
              for c in k["configs"] for s in range(len(k["boundary"]["shapes"]))}
got = [(r["kernel"], r["config"], r["shape_index"]) for r in results["rows"]]
if len(want_pairs) != 816:
    problems.append(f"{len(want_pairs)} (config, shape) pairs, want the suite's 816")
if sorted(got) != sorted(want_pairs):
    problems.append(f"{len(got)} rows for {len(want_pairs)} pairs (each pair once)")
if {r["worker"] % 2 for r in results["rows"]} != {0, 1}:
    problems.append("the rows did not spread over both GPUs")
for status in ("illegal_memory_access", "crashed", "mismatch", "out_of_bounds_write", "match"):
    if not results["statuses"].get(status):
        problems.append(f"no `{status}` row")
if results["resumed_tasks"] < 2:
    problems.append(f"{results['resumed_tasks']} tasks resumed after a fault or a crash, want 2")
# The seeded bugs confirmed, the correct twin refuted, and a size no boundary
# shape has (M = 200) decided by the shapes that vary M.
want = {"gemm_k_tail_kernel": "confirmed", "rms_norm_rows_only_kernel": "confirmed",
        "linear_bias_store_n_only_kernel": "confirmed", "gemm_kernel": "refuted", "linear_bias_kernel": "refuted"}
for finding in report["findings"]:
    if finding["verdict"] != want[finding["kernel_name"]]:
        problems.append(f"{finding['kernel_name']}: {finding['verdict']}, want {want[finding['kernel_name']]}")
if report != json.load(open(recorded)):
    problems.append("the report differs from " + recorded + " (run with --update after reviewing)")
if problems:
    print("FAIL:\n  " + "\n  ".join(problems), file=sys.stderr)
    sys.exit(1)
print("PASS:", report["summary"])
PY
