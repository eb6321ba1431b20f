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
