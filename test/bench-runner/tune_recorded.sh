#!/bin/bash
# btlint tune against the H200's recorded exhaustive autotune of the suite
# (docs/bench/tune/): rank every list again with this build, collect against
# the recorded timings, and compare with docs/bench/tune/tune_report.json.
# A change to the score moves the report: review it, then --update.
# Usage: tune_recorded.sh BTLINT_BENCH SOURCE_DIR [--update]
set -euo pipefail
bench=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/h" --all --tune test/bench-runner/tune >/dev/null
gzip -dc docs/bench/tune/tune_results.json.gz >"$work/h/tune_results.json"
"$bench" --collect "$work/h"
if [ "${3:-}" = --update ]; then
  cp "$work/h/tune_report.json" "$work/h/tune_report.md" docs/bench/tune/
  echo "updated docs/bench/tune/tune_report.json and tune_report.md"
  exit 0
fi
if ! cmp -s "$work/h/tune_report.json" docs/bench/tune/tune_report.json; then
  diff <(python3 -m json.tool docs/bench/tune/tune_report.json | grep -A12 '"summary"') \
       <(python3 -m json.tool "$work/h/tune_report.json" | grep -A12 '"summary"') >&2 || true
  echo "FAIL: the report on the recorded timings differs from docs/bench/tune/tune_report.json (review, then --update)" >&2
  exit 1
fi
echo "PASS: btlint tune on the recorded H200 timings as docs/bench/tune/ records"
