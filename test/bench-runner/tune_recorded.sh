#!/bin/bash
# btlint tune against an H200's recorded exhaustive autotune of the suite
# (docs/bench/tune/, and docs/bench/tune/heldout/ on the held-out shapes of
# test/bench-runner/tune/heldout.btlint.yaml): rank every list again with
# this build, collect against the recorded timings, and compare with the
# recorded folder's tune_report.json. A change to the score moves the
# report: review it, then --update.
# Usage: tune_recorded.sh BTLINT_BENCH SOURCE_DIR [RECORDED_DIR [CONFIG]] [--update]
set -euo pipefail
bench=$1
root=$2
shift 2
recorded=docs/bench/tune
config=()
update=
for arg in "$@"; do
  case "$arg" in
    --update) update=1 ;;
    *.yaml) config=(--config "$arg") ;;
    *) recorded=$arg ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/h" --all --tune "${config[@]}" test/bench-runner/tune >/dev/null
gzip -dc "$recorded/tune_results.json.gz" >"$work/h/tune_results.json"
"$bench" --collect "$work/h"
# The score is a time: over every timed config of 50 µs and more, measured
# over predicted has a geometric mean within 15% of 1 and a log spread
# under 0.37 (0.40 when only the largest term counted).
python3 - "$work/h" <<'PY'
import json, math, statistics, sys
folder = sys.argv[1]
manifest = json.load(open(f"{folder}/manifest.json"))
rows = json.load(open(f"{folder}/tune_results.json"))["rows"]
predicted = {(k["id"], c["index"]): c["predicted_us"] for k in manifest["kernels"] if k.get("tune")
             for c in k["tune"]["configs"] if not c["eliminated_by"]}
logs = [math.log(r["ms"] * 1000 / predicted[(r["kernel"], r["config"])][r["shape_index"]])
        for r in rows if r.get("status") == "ok" and r["ms"] >= 0.05 and (r["kernel"], r["config"]) in predicted]
mean, spread = math.exp(statistics.mean(logs)), statistics.stdev(logs)
print(f"{len(logs)} timings of 50 us and more: measured/predicted geometric mean {mean:.2f}, log spread {spread:.2f}")
assert len(logs) >= 100 and 0.85 <= mean <= 1.15 and spread <= 0.37, "the score is off as a time"
PY
if [ -n "$update" ]; then
  cp "$work/h/tune_report.json" "$work/h/tune_report.md" "$recorded/"
  echo "updated $recorded/tune_report.json and tune_report.md"
  exit 0
fi
if ! cmp -s "$work/h/tune_report.json" "$recorded/tune_report.json"; then
  diff <(python3 -m json.tool "$recorded/tune_report.json" | grep -A12 '"summary"') \
       <(python3 -m json.tool "$work/h/tune_report.json" | grep -A12 '"summary"') >&2 || true
  echo "FAIL: the report on the recorded timings differs from $recorded/tune_report.json (review, then --update)" >&2
  exit 1
fi
echo "PASS: btlint tune on the recorded H200 timings as $recorded/ records"
