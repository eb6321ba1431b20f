#!/bin/bash
# Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 usage, config or
# input error; plus the subcommands `rules`, `explain` and `--version`.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

printf 'def scale(values, factor):\n    return [v * factor for v in values]\n' >clean.py
# unused-suppression is a warning: the suppressed rule reports nothing here.
printf 'total = 0  # btlint: ignore[parse-error]\n' >warning_only.py
# unknown-rule is an error.
printf 'total = 0  # btlint: ignore[no-such-rule]\n' >has_error.py

echo "# findings decide 0 or 1"
run_btlint --no-config clean.py
check_rc 0 "a file without findings"
check_stdout_empty "nothing printed for a clean file"

mkdir empty_folder
run_btlint --no-config empty_folder
check_rc 0 "a folder without lintable files"

run_btlint --no-config warning_only.py
check_rc 1 "a warning with the default --fail-on (warning)"
check_stdout_has "warning_only.py:1:" "the warning is printed"

run_btlint --no-config --fail-on error warning_only.py
check_rc 0 "a warning with --fail-on error"
check_stdout_has "[unused-suppression]" "findings below --fail-on are still printed"

run_btlint --no-config --fail-on note warning_only.py
check_rc 1 "a warning with --fail-on note"

run_btlint --no-config --fail-on error has_error.py
check_rc 1 "an error with --fail-on error"

run_btlint --no-config --ignore unused-suppression warning_only.py
check_rc 0 "the only finding's rule ignored"

echo "# fail-on from .btlint.yaml, overridden by the command line"
mkdir configured
cp warning_only.py configured/
printf 'fail-on: error\n' >configured/.btlint.yaml
run_btlint configured
check_rc 0 "fail-on: error in the config lets a warning pass"
run_btlint --fail-on warning configured
check_rc 1 "--fail-on warning overrides the config's fail-on"

echo "# usage errors"
run_btlint
check_rc 2 "no paths"
check_stderr_has "no paths given" "says that paths are missing"

run_btlint --no-such-option clean.py
check_rc 2 "an unknown option"

run_btlint --format xml clean.py
check_rc 2 "an unknown --format"
check_stderr_has "unknown format \`xml\`" "names the bad format"

run_btlint --fail-on fatal clean.py
check_rc 2 "a bad --fail-on"

run_btlint --arch sm91 clean.py
check_rc 2 "an unknown --arch"

run_btlint --dtype fp13 clean.py
check_rc 2 "an unknown --dtype"
check_stderr_has "unknown dtype \`fp13\`" "names the bad dtype"

run_btlint --select parse-eror clean.py
check_rc 2 "an unknown rule in --select"

run_btlint --config does-not-exist.yaml clean.py
check_rc 2 "a missing --config file"
check_stderr_has "does-not-exist.yaml" "names the missing config file"

echo "# input errors win over findings"
run_btlint --no-config has_error.py missing.py
check_rc 2 "a missing path alongside a finding"
check_stdout_has "has_error.py:1:" "the finding of the readable file is still printed"

echo "# subcommands"
run_btlint rules
check_rc 0 "btlint rules"
for id in parse-error unused-suppression unknown-rule invalid-suppression; do
  check_stdout_matches "^$id +meta +" "btlint rules lists $id with its category"
done

run_btlint explain unused-suppression
check_rc 0 "btlint explain unused-suppression"
check_stdout_has "unused-suppression" "the page names the rule"

run_btlint explain unused-supression
check_rc 2 "btlint explain with a misspelt id"
check_stderr_has "did you mean \`unused-suppression\`" "suggests the closest id"

run_btlint explain
check_rc 2 "btlint explain without an id"

run_btlint --version
check_rc 0 "--version"
check_stdout_matches "^btlint [0-9]+\.[0-9]+" "--version prints the version"

# A file that crashes the compiler front-end: its internal-error finding and
# the other files' findings print, and the run exits 2 whatever --fail-on says.
# (Not under the sanitizers: ASan cannot go on after a recovered crash.)
if [ -z "${BTLINT_SANITIZED:-}" ]; then
  mkdir -p crashing
  printf '#pragma clang __debug crash\n__global__ void k(float *x) { x[0] = 1.0f; }\n' >crashing/a.cu
  printf '__global__ void big(float *x) { __shared__ float t[16384]; t[threadIdx.x] = x[0]; x[1] = t[3]; }\n' >crashing/b.cu
  run_btlint --no-config --arch sm90 --fail-on error crashing
  check_rc 2 "a file whose analysis crashed"
  check_stdout_has "[internal-error]" "the crash is reported on its file"
  check_stdout_has "crashing/b.cu:1:" "the other file is analysed"
fi

finish
