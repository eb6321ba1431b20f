# Shared by the end-to-end tests (not a test itself: CTest runs test/e2e/*.sh only).
# Each test starts with
#   source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
# and is run by CTest as `bash TEST BTLINT_BINARY SOURCE_DIR`. It gets:
#   $BTLINT, $SOURCE_DIR   absolute paths
#   $WORK                  an empty scratch folder, removed on exit
#   run_btlint ARGS...     runs btlint; stdout in $OUT, stderr in $ERR, status in $RC
#   run_btlint_in DIR ...  the same from another folder (never in a subshell: $RC would be lost)
#   check_* / pass / fail  print "ok - what" or "FAIL - what" with the evidence
#   finish                 prints the tally and exits 1 when any check failed
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 BTLINT_BINARY SOURCE_DIR" >&2
  exit 2
fi
# BTLINT_UNDER_TEST replaces the built binary: the wheel's test runs the suite
# against the installed command (test/wheel/installed.sh).
BTLINT=$(realpath "${BTLINT_UNDER_TEST:-$1}")
SOURCE_DIR=$(realpath "$2")
if [ ! -x "$BTLINT" ]; then
  echo "FAIL - btlint binary not found or not executable: $1"
  exit 1
fi

TEST_NAME=$(basename "$0" .sh)
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/btlint-e2e-$TEST_NAME.XXXXXX")
WORK=$SCRATCH/work
CAPTURE=$SCRATCH/capture
mkdir -p "$WORK" "$CAPTURE"
trap 'rm -rf "$SCRATCH"' EXIT
OUT=$CAPTURE/stdout
ERR=$CAPTURE/stderr
: >"$OUT" >"$ERR"
RC=
LAST_COMMAND=
CHECKS_PASSED=0
CHECKS_FAILED=0
# No run may hang the suite (a FIFO opened for reading would block forever).
BTLINT_TIMEOUT_S=${BTLINT_TIMEOUT_S:-120}

# run_btlint ARGS...: runs btlint from the current folder.
run_btlint() {
  LAST_COMMAND="(cd $(pwd) && btlint $*)"
  timeout "$BTLINT_TIMEOUT_S" "$BTLINT" "$@" >"$OUT" 2>"$ERR"
  RC=$?
  if [ "$RC" -eq 124 ]; then
    fail "btlint finished within ${BTLINT_TIMEOUT_S}s" "it was still running: killed"
  elif [ "$RC" -gt 2 ]; then
    fail "btlint exits with 0, 1 or 2" "exit status $RC (a crash or signal?)"
  fi
  return 0
}

# run_btlint_in FOLDER ARGS...: run_btlint from FOLDER (in this shell, so $RC is kept).
run_btlint_in() {
  local folder=$1
  shift
  pushd "$folder" >/dev/null || { fail "enter $folder"; return 0; }
  run_btlint "$@"
  popd >/dev/null || exit 1
}

pass() {
  CHECKS_PASSED=$((CHECKS_PASSED + 1))
  echo "ok   - $1"
}

# fail WHAT [DETAIL]: records a failed check and shows the last btlint run.
fail() {
  CHECKS_FAILED=$((CHECKS_FAILED + 1))
  echo "FAIL - $1"
  [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/       /'
  if [ -n "$LAST_COMMAND" ]; then
    echo "       last run: $LAST_COMMAND -> exit $RC"
    echo "       stdout (first 30 lines):"
    head -n 30 "$OUT" | sed 's/^/         | /'
    echo "       stderr (first 30 lines):"
    head -n 30 "$ERR" | sed 's/^/         | /'
  fi
}

# check WHAT COMMAND...: passes when COMMAND succeeds.
check() {
  local what=$1
  shift
  if "$@"; then pass "$what"; else fail "$what" "condition failed: $*"; fi
}

check_rc() {
  local expected=$1 what=$2
  if [ "$RC" = "$expected" ]; then pass "$what (exit $expected)"; else fail "$what (exit $expected)" "exit status was $RC"; fi
}

# check_has FILE TEXT WHAT: FILE has a line containing TEXT (fixed string).
check_has() {
  if grep -q -F -e "$2" -- "$1"; then pass "$3"; else fail "$3" "expected to find: $2"; fi
}
check_lacks() {
  if grep -q -F -e "$2" -- "$1"; then
    fail "$3" "expected no line with: $2"$'\n'"found: $(grep -F -e "$2" -- "$1" | head -3)"
  else
    pass "$3"
  fi
}
# check_matches FILE REGEX WHAT: FILE has a line matching the extended regex.
check_matches() {
  if grep -q -E -e "$2" -- "$1"; then pass "$3"; else fail "$3" "expected a line matching: $2"; fi
}
check_stdout_has() { check_has "$OUT" "$1" "$2"; }
check_stdout_lacks() { check_lacks "$OUT" "$1" "$2"; }
check_stderr_has() { check_has "$ERR" "$1" "$2"; }
check_stderr_lacks() { check_lacks "$ERR" "$1" "$2"; }
check_stderr_matches() { check_matches "$ERR" "$1" "$2"; }
check_stdout_matches() { check_matches "$OUT" "$1" "$2"; }
check_stdout_empty() {
  if [ -s "$OUT" ]; then fail "$1" "standard output was not empty"; else pass "$1"; fi
}
check_stderr_empty() {
  if [ -s "$ERR" ]; then fail "$1" "standard error was not empty"; else pass "$1"; fi
}

# check_count FILE TEXT N WHAT: exactly N lines of FILE contain TEXT.
check_count() {
  local found
  found=$(grep -c -F -e "$2" -- "$1")
  if [ "$found" -eq "$3" ]; then pass "$4"; else fail "$4" "expected $3 lines with '$2', found $found"; fi
}

# check_same_file A B WHAT: byte-identical files; shows the first differences.
check_same_file() {
  if cmp -s -- "$1" "$2"; then
    pass "$3"
  else
    fail "$3" "$(diff -- "$1" "$2" | head -20)"
  fi
}

# The system interpreter, for checks that need only the standard library.
python_stdlib() { python3 "$@"; }

finish() {
  echo "$TEST_NAME: $CHECKS_PASSED passed, $CHECKS_FAILED failed"
  [ "$CHECKS_FAILED" -eq 0 ]
  exit
}
