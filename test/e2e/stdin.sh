#!/bin/bash
# Standard input, as ruff reads it: `btlint -` lints the text on standard
# input; `--stdin-filename NAME` (with `-` or no path) lints it as if it were
# NAME: findings carry that name, the nearest .btlint.yaml above NAME applies,
# and the project modules NAME imports are read from disk around it. NAME
# need not exist. What cannot combine with it (other paths, --fix, --diff,
# baselines) is a usage error.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

# run_stdin INPUT ARGS...: run_btlint with INPUT on standard input.
run_stdin() {
  local input=$1
  shift
  LAST_COMMAND="(cd $(pwd) && btlint $* < $input)"
  timeout "$BTLINT_TIMEOUT_S" "$BTLINT" "$@" <"$input" >"$OUT" 2>"$ERR"
  RC=$?
}

printf 'total = 0  # btlint: ignore[no-such-rule]\n' >finding.py
printf 'total = 0\n' >clean.py

echo "# btlint -"
run_stdin finding.py --no-config -
check_rc 1 "a finding on standard input"
check_stdout_has "-:1:29: error: unknown rule \`no-such-rule\` in suppression [unknown-rule]" "without --stdin-filename the file is named -"
run_stdin clean.py --no-config -
check_rc 0 "clean text on standard input"
check_stdout_empty "nothing printed for clean text"
run_stdin /dev/null --no-config -
check_rc 0 "empty standard input is an empty file"

echo "# --stdin-filename"
mkdir -p proj/kernels
run_stdin finding.py --no-config --stdin-filename proj/kernels/new.py -
check_rc 1 "--stdin-filename with -"
check_stdout_has "proj/kernels/new.py:1:29: error:" "findings carry the --stdin-filename name (the file need not exist)"
check "no file is written under that name" test ! -e proj/kernels/new.py
run_stdin finding.py --no-config --stdin-filename proj/kernels/new.py
check_rc 1 "--stdin-filename without - reads standard input too (as ruff does)"
check_stdout_has "proj/kernels/new.py:1:29: error:" "the name is used without - as well"
run_stdin finding.py --no-config --format json --stdin-filename proj/kernels/new.py
check_stdout_has '"path": "proj/kernels/new.py"' "the JSON path is the --stdin-filename name"
# The text on standard input wins over a file of that name on disk.
cp clean.py proj/kernels/ondisk.py
run_stdin finding.py --no-config --stdin-filename proj/kernels/ondisk.py
check_rc 1 "standard input is linted, not the file of that name on disk"
# The name's extension decides the language.
printf 'kernel: rms_norm_kernel\nconfigs:\n  - {BLOCK: 1024, num_warps: 4}\n  - {BLOCK: 2048, num_warps: 6}\n' >table.yaml
run_stdin table.yaml --no-config --stdin-filename proj/tables.yaml --select num-warps-invalid
check_stdout_has "proj/tables.yaml:4:" "a .yaml name is read as a YAML table"

echo "# the config above the name applies"
printf 'ignore: [unknown-rule]\n' >proj/.btlint.yaml
run_stdin finding.py --stdin-filename proj/kernels/new.py
check_rc 0 "the .btlint.yaml above the --stdin-filename name applies"
check_stdout_empty "its ignore silences the finding"
run_stdin finding.py -
check_rc 1 "with - alone the config is looked up from the current folder (none here)"
run_stdin finding.py --no-config --stdin-filename proj/kernels/new.py
check_rc 1 "--no-config still reads none"
rm proj/.btlint.yaml

echo "# imports are read from disk relative to the name"
mkdir -p proj/pkg
: >proj/pkg/__init__.py
cat >proj/pkg/tuning.py <<'PY'
import triton

CONFIGS = [
    triton.Config({"BLOCK": 128}, num_warps=4),
    triton.Config({"BLOCK": 256}, num_warps=3),
]
PY
cat >kernel.txt <<'PY'
import triton
import triton.language as tl

from .tuning import CONFIGS


@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
PY
run_stdin kernel.txt --no-config --select num-warps-invalid --stdin-filename proj/pkg/kern.py
check_rc 1 "a relative import is resolved beside the --stdin-filename name"
check_stdout_has "proj/pkg/kern.py:" "the finding from the imported configs carries the name"
check_stdout_has "num_warps\` to 3" "the imported list was read"
run_stdin kernel.txt --no-config --select num-warps-invalid --stdin-filename elsewhere/kern.py
check_lacks "$OUT" "num-warps-invalid" "under another name the import is not found"

echo "# standard input that is not source text"
printf 'x = 1\n\0\n' >binary.py
run_stdin binary.py --no-config --stdin-filename proj/b.py
check_rc 2 "binary standard input"
check_stderr_has "proj/b.py (standard input): binary file" "the error names the file and says what is wrong"
printf 'x = "\xff"\n' >latin1.py
run_stdin latin1.py --no-config -
check_rc 2 "standard input that is not UTF-8"
check_stderr_has "1:6: not valid UTF-8" "with the line and column"

echo "# what does not combine"
run_stdin finding.py --no-config - clean.py
check_rc 2 "- beside another path"
check_stderr_has "\`clean.py\` cannot be linted beside it" "the message names the other path"
run_stdin finding.py --no-config --stdin-filename x.py clean.py
check_rc 2 "--stdin-filename beside a path other than -"
for option in --fix --diff "--baseline=b.json" "--write-baseline=b.json"; do
  run_stdin finding.py --no-config "$option" -
  check_rc 2 "$option with standard input"
done
check "no baseline was written" test ! -e b.json
run_btlint --no-config
check_rc 2 "no path and no standard input"
check_stderr_has "\`-\` for standard input" "the usage message mentions -"

finish
