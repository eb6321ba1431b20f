#!/bin/bash
# btlint-bench without a GPU: emit the harness for recorded findings on a
# purpose-written kernel with a known shared-memory overflow, move the harness
# away from the tree (it must be self-contained), compile every config with the
# real Triton compiler (test venv), collect, and check the verdicts.
# Usage: compile_confirm.sh BTLINT_BENCH SOURCE_DIR
set -euo pipefail
# BTLINT_BENCH_UNDER_TEST: the installed command instead (test/wheel/installed.sh).
bench=${BTLINT_BENCH_UNDER_TEST:-$1}
root=$2
py=${BTLINT_PYTHON:-python3}
if ! "$py" -c "import triton" 2>/dev/null; then
  echo "FAIL: $py cannot import triton (tools/setup.sh test installs test/requirements.txt)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/emitted" --findings test/bench-runner/findings.json --arch sm90 --no-config
"$py" test/bench-runner/check_golden.py "$work/emitted" test/bench-runner/golden
mv "$work/emitted" "$work/moved"
(cd / && env -u PYTHONPATH "$py" "$work/moved/run.py" --compile-only --jobs 2 --timeout 300)
"$bench" --collect "$work/moved"
"$py" test/bench-runner/check_report.py "$work/moved"
echo "PASS: compile confirmation"
