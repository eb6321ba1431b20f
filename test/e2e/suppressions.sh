#!/bin/bash
# Suppression comments: line, next-line and file scope in Python and YAML,
# `// btlint:` and NOLINT(btlint-...) in CUDA; unused, unknown and malformed
# suppressions are reported. Runs with --select meta:* so that only the meta
# rules (whose findings these inputs fully determine) can fire; one case
# suppresses a real parse error found by the Python front-end.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

lint_meta() { run_btlint --no-config --select 'meta:*' "$@"; }

# expect_finding FILE:LINE:COL SEVERITY RULE [TEXT]: one line of $OUT starts with
# the position and severity, ends with [RULE] and contains TEXT.
expect_finding() {
  local where=$1 severity=$2 rule=$3 text=${4:-}
  local what="$where: $severity [$rule]${text:+ ($text)}"
  if grep -F -e "$where: $severity: " "$OUT" | grep -F -e "[$rule]" | grep -q -F -e "$text"; then
    pass "$what"
  else
    fail "$what" "no such finding"
  fi
}
# expect_quiet FILE LINE: nothing is reported on that line.
expect_quiet() {
  if grep -q -E "^$1:$2:" "$OUT"; then
    fail "nothing reported at $1:$2 ($3)" "found: $(grep -E "^$1:$2:" "$OUT")"
  else
    pass "nothing reported at $1:$2 ($3)"
  fi
}

echo "# Python: line and next-line scope"
cat >lines.py <<'EOF'
# btlint: ignore-next-line[unknown-rule]
a = 1  # btlint: ignore[bogus-one]
b = 2  # btlint: ignore[parse-error]
c = 3  # btlint: ignore[unused-suppression, parse-error]
d = 4  # btlint: ignore[bogus-two]
e = 5  # btlint: ignore[unused-supression]
f = 6  # btlint: ignore
g = 7  # btlint: ignore[]
h = 8  # btlint: ignore[parse-error
i = 9  # btlint: ignroe[parse-error]
j = 10  # see btlint: the documentation
# btlint: ignore-next-line[invalid-suppression]
k = 11  # btlint: ignore
# btlint: ignore-next-line[parse-error]
m = 12
n = 13  // btlint: ignore[bogus-three]
o = 14  # btlint: ignore[ parse-error ,unknown-rule ]
EOF
lint_meta lines.py
check_rc 1 "lines.py has findings"
expect_quiet lines.py 1 "its next-line suppression is used by line 2"
expect_quiet lines.py 2 "an unknown id silenced by ignore-next-line[unknown-rule]"
expect_finding lines.py:3:25 warning unused-suppression "suppression of \`parse-error\` is unused"
expect_quiet lines.py 4 "a suppression that silences its own unused report"
expect_finding lines.py:5:25 error unknown-rule "unknown rule \`bogus-two\`"
expect_finding lines.py:6:25 error unknown-rule "did you mean \`unused-suppression\`?"
expect_finding lines.py:7:8 error invalid-suppression "needs a list of rule ids"
expect_finding lines.py:8:8 error invalid-suppression "empty rule list"
expect_finding lines.py:9:8 error invalid-suppression "unclosed rule list"
expect_finding lines.py:10:8 error invalid-suppression "unknown directive \`ignroe\`"
expect_quiet lines.py 11 "'see btlint:' in prose is not a directive"
expect_quiet lines.py 12 "an ignore-next-line[invalid-suppression] that is used"
expect_quiet lines.py 13 "a malformed suppression silenced from the line before"
expect_finding lines.py:14:28 warning unused-suppression "suppression of \`parse-error\` is unused"
expect_quiet lines.py 16 "'//' is not a comment in Python"
expect_finding lines.py:17:27 warning unused-suppression "suppression of \`parse-error\` is unused"
expect_finding lines.py:17:40 warning unused-suppression "suppression of \`unknown-rule\` is unused"
check_count "$OUT" "lines.py:" 10 "lines.py: exactly the 10 findings above"

echo "# Python: file scope"
printf 'a = 1  # btlint: ignore[bogus-four]\nb = 2  # btlint: ignore[bogus-five]\n' >file_scope_control.py
{ printf '# btlint: file-ignore[unknown-rule]\n'; cat file_scope_control.py; } >file_scope.py
lint_meta file_scope_control.py file_scope.py
check_count "$OUT" "file_scope_control.py:" 2 "without file-ignore both unknown ids are reported"
check_count "$OUT" "file_scope.py:" 0 "file-ignore[unknown-rule] silences both"
printf '# btlint: file-ignore[parse-error]\nx = 1\n' >file_scope_unused.py
lint_meta file_scope_unused.py
expect_finding file_scope_unused.py:1:23 warning unused-suppression "in this file"

echo "# Python: a real parse error, suppressed by line, next line and file"
cat >broken.py <<'EOF'
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets, mask=offsets < n)
EOF
lint_meta --format json broken.py
check_rc 1 "the unsuppressed syntax error is reported"
error_line=$(python_stdlib -c 'import json,sys; print(next(d["line"] for d in json.load(open(sys.argv[1])) if d["rule"] == "parse-error"))' "$OUT" 2>/dev/null)
if [ -z "$error_line" ]; then
  fail "a parse-error finding for broken.py" "no parse-error in the JSON output"
else
  pass "broken.py has a parse error at line $error_line"
  awk -v n="$error_line" 'NR == n { print $0 "  # btlint: ignore[parse-error]"; next } { print }' broken.py >broken_line.py
  awk -v n="$error_line" 'NR == n { print "# btlint: ignore-next-line[parse-error]" } { print }' broken.py >broken_next_line.py
  { printf '# btlint: file-ignore[parse-error]\n'; cat broken.py; } >broken_file.py
  for variant in broken_line.py broken_next_line.py broken_file.py; do
    lint_meta "$variant"
    check_rc 0 "$variant: the parse error is suppressed and the suppression counts as used"
  done
fi

echo "# CUDA: // btlint: and NOLINT(btlint-...)"
cat >nolint.cu <<'EOF'
__global__ void fill(float* x) {
  x[0] = 1.0f;  // NOLINT(btlint-parse-error)
  x[1] = 2.0f;  // NOLINT(bugprone-branch-clone)
  x[2] = 3.0f;  // NOLINT
  // NOLINTNEXTLINE(btlint-unknown-rule)
  x[3] = 4.0f;  // btlint: ignore[bogus-six]
  x[4] = 5.0f;  // NOLINT(btlint-bogus-seven, modernize-use-auto)
  x[5] = 6.0f;  // NOLINT(btlint-unused-suppression, btlint-parse-error)
  x[6] = 7.0f;  // btlint: ignore[bogus-eight]
  const char* note = "# btlint: ignore[bogus-nine]";
}
EOF
lint_meta nolint.cu
expect_finding nolint.cu:2:27 warning unused-suppression "suppression of \`parse-error\` is unused"
expect_quiet nolint.cu 3 "NOLINT for another tool's check is not ours"
expect_quiet nolint.cu 4 "a bare NOLINT is clang-tidy's"
expect_quiet nolint.cu 6 "an unknown id silenced by NOLINTNEXTLINE(btlint-unknown-rule)"
expect_finding nolint.cu:7:27 error unknown-rule "unknown rule \`bogus-seven\`"
expect_quiet nolint.cu 8 "NOLINT(btlint-unused-suppression, ...) silences its own unused report"
expect_finding nolint.cu:9:35 error unknown-rule "unknown rule \`bogus-eight\`"
expect_quiet nolint.cu 10 "'#' does not open a comment in CUDA"
check_count "$OUT" "nolint.cu:" 3 "nolint.cu: exactly the 3 findings above"

echo "# YAML"
printf '# btlint: file-ignore[bogus-ten]\nnotes: plain  # btlint: ignore[unknown-rule]\n' >settings.yaml
lint_meta settings.yaml
expect_finding settings.yaml:1:23 error unknown-rule "unknown rule \`bogus-ten\`"
expect_finding settings.yaml:2:32 warning unused-suppression "suppression of \`unknown-rule\` is unused"

echo "# --ignore turns the meta rules off"
lint_meta --ignore unknown-rule,unused-suppression,invalid-suppression lines.py nolint.cu
check_rc 0 "with the suppression-judging rules ignored nothing is left"
check_stdout_empty "no output"

finish
