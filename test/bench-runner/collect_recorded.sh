#!/bin/bash
# --collect on results recorded on an H200 (docs/bench/): the verdicts
# and evidence must match the committed report, so a change to how findings
# are judged shows up here, with the recorded numbers.
# Usage: collect_recorded.sh BTLINT_BENCH SOURCE_DIR [RECORDED_DIR, default docs/bench]
set -euo pipefail
# BTLINT_BENCH_UNDER_TEST: the installed command instead (test/wheel/installed.sh).
bench=${BTLINT_BENCH_UNDER_TEST:-$1}
root=$2
py=${BTLINT_PYTHON:-python3}
recorded="$root/${3:-docs/bench}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$recorded/manifest.json" "$recorded/results.json" "$work/"
"$bench" --collect "$work"
"$py" - "$work/report.json" "$recorded/report.json" <<'PY'
import json
import sys
got, want = (json.load(open(p)) for p in sys.argv[1:3])
def key(report):
    return [(f["rule"], f["path"], f["line"], f.get("arch"), f["verdict"], f["evidence"]) for f in report["findings"]]
if key(got) != key(want):
    for g, w in zip(key(got), key(want)):
        if g != w:
            print("FAIL: got ", g, "\n      want", w, file=sys.stderr)
    sys.exit(1)
if got["best_configs"] != want["best_configs"]:
    print("FAIL: best configs differ", got["best_configs"], want["best_configs"], file=sys.stderr)
    sys.exit(1)
verdicts = [f["verdict"] for f in got["findings"]]
if not {"confirmed", "refuted"} & set(verdicts):
    print("FAIL: the recorded run decides no finding", file=sys.stderr)
    sys.exit(1)
print("PASS: collect on recorded H200 results:", got["summary"])
PY
