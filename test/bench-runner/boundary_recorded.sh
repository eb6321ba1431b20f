#!/bin/bash
# The boundary check against the H200's recorded run of the suite
# (docs/bench/boundary/): emit with this build's findings, collect against
# the recorded results, compare with docs/bench/boundary/boundary_report.json.
# Usage: boundary_recorded.sh BTLINT_BENCH SOURCE_DIR [--update]
set -euo pipefail
bench=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/h" --all test/bench-runner/boundary >/dev/null
gzip -dc docs/bench/boundary/boundary_results.json.gz >"$work/h/boundary_results.json"
"$bench" --collect "$work/h"
if [ "${3:-}" = --update ]; then
  sed "s|$work/h/||g" "$work/h/boundary_report.json" >docs/bench/boundary/boundary_report.json
  sed "s|$work/h/||g" "$work/h/boundary_report.md" >docs/bench/boundary/boundary_report.md
  echo "updated docs/bench/boundary/boundary_report.json and boundary_report.md"
  exit 0
fi
if ! diff <(sed "s|$work/h/||g" "$work/h/boundary_report.json") docs/bench/boundary/boundary_report.json >/dev/null; then
  echo "FAIL: the report on the recorded run differs from docs/bench/boundary/boundary_report.json (review, then --update)" >&2
  exit 1
fi
echo "PASS: the boundary check on the recorded H200 run as docs/bench/boundary/ records"
