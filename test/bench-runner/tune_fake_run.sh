#!/bin/bash
# btlint tune's verification path without a GPU: emit the suite with --tune,
# run.py --tune with a stand-in worker (test/bench-runner/tune/fake_tune_worker.py:
# made-up timings, eliminated configs fail), then --collect. The report must
# hold every (kernel, shape) pair, regrets of at least 1, the time saved by
# timing the top k, and match the recorded report for these timings.
# Usage: tune_fake_run.sh BTLINT_BENCH SOURCE_DIR [--update]
set -euo pipefail
bench=$1
root=$2
py=${BTLINT_PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/h" --all --tune test/bench-runner/tune >/dev/null
"$py" "$work/h/run.py" --tune --gpus 2 \
  --worker-command "$py $root/test/bench-runner/tune/fake_tune_worker.py $work/h" 2>"$work/log"
"$bench" --collect "$work/h" >/dev/null
recorded=test/bench-runner/tune/recorded/tune_report.json
if [ "${3:-}" = --update ]; then
  cp "$work/h/tune_report.json" "$recorded"
  echo "updated $recorded"
  exit 0
fi
"$py" - "$work/h" "$recorded" <<'PY'
import json
import math
import sys
folder, recorded = sys.argv[1:3]
manifest = json.load(open(f"{folder}/manifest.json"))
results = json.load(open(f"{folder}/tune_results.json"))
report = json.load(open(f"{folder}/tune_report.json"))
ranked = [k for k in manifest["kernels"] if k.get("tune")]
expected_pairs = sum(len(k["tune"]["shapes"]) for k in ranked)
expected_rows = sum(len(k["tune"]["shapes"]) * len(k["tune"]["configs"]) for k in ranked)
problems = []
if len(ranked) != 7:
    problems.append(f"{len(ranked)} kernels ranked, want the suite's 7")
if len(results["rows"]) != expected_rows:
    problems.append(f"{len(results['rows'])} timed rows, want {expected_rows} (every config on every shape)")
if {r["gpu"] for r in results["rows"]} != {0, 1}:
    problems.append("the rows did not spread over both worker pools")
if len(report["pairs"]) != expected_pairs:
    problems.append(f"{len(report['pairs'])} pairs, want {expected_pairs}")
for pair in report["pairs"]:
    for key in ("regret_top_k", "regret_top_1"):
        if pair[key] is None or pair[key] < 1 - 1e-12:
            problems.append(f"{pair['kernel']} {pair['shape']}: {key} {pair[key]}")
    if pair["regret_top_k"] is not None and pair["regret_top_1"] is not None and pair["regret_top_k"] > pair["regret_top_1"]:
        problems.append(f"{pair['kernel']} {pair['shape']}: the top k is worse than its own top 1")
    if not 0 < pair["time_saved"] < 1:
        problems.append(f"{pair['kernel']} {pair['shape']}: time saved {pair['time_saved']}")
    if pair["spearman"] is not None and not -1 <= pair["spearman"] <= 1:
        problems.append(f"{pair['kernel']} {pair['shape']}: Spearman {pair['spearman']}")
want = json.load(open(recorded))
if report != want:
    problems.append("the report differs from " + recorded + " (run with --update after reviewing)")
if problems:
    print("FAIL:\n  " + "\n  ".join(problems[:20]), file=sys.stderr)
    sys.exit(1)
print("PASS:", len(report["pairs"]), "pairs;", report["summary"]["mean_time_saved"], "of the autotune time saved")
PY
