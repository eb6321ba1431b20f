#!/bin/bash
# --format json: one JSON array; each finding has the fields DESIGN.md names
# (rule, severity, path, line, column, end_line, end_column, message, arch,
# notes, fix) with the right types; values match the text output; paths are
# as given on the command line; the array is sorted; escaping survives odd
# characters in paths and messages.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

# A checker for the documented shape, used on every output below.
cat >check_json_findings.py <<'EOF'
import json
import re
import sys

REQUIRED = {"rule": str, "severity": str, "path": str, "line": int, "column": int, "end_line": int,
            "end_column": int, "message": str, "arch": (str, type(None)), "notes": list,
            "fix": (dict, type(None))}
problems = []
with open(sys.argv[1], encoding="utf-8") as f:
    text = f.read()
try:
    findings = json.loads(text)
except json.JSONDecodeError as e:
    sys.exit(f"not valid JSON: {e}")
if not isinstance(findings, list):
    sys.exit(f"the top level is a {type(findings).__name__}, not an array")
for i, d in enumerate(findings):
    where = f"finding {i}"
    if not isinstance(d, dict):
        problems.append(f"{where} is not an object")
        continue
    for key, kind in REQUIRED.items():
        if key not in d:
            problems.append(f"{where} lacks `{key}`")
        elif isinstance(d[key], bool) or not isinstance(d[key], kind):
            problems.append(f"{where}: `{key}` is {type(d[key]).__name__} {d[key]!r}")
    if problems:
        continue
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", d["rule"]):
        problems.append(f"{where}: rule id {d['rule']!r} is not kebab-case")
    if d["severity"] not in ("note", "warning", "error"):
        problems.append(f"{where}: severity {d['severity']!r}")
    if min(d["line"], d["column"], d["end_line"], d["end_column"]) < 1:
        problems.append(f"{where}: positions are 1-based, got {d['line']}:{d['column']}-{d['end_line']}:{d['end_column']}")
    if (d["end_line"], d["end_column"]) < (d["line"], d["column"]):
        problems.append(f"{where}: the end comes before the start")
    if not d["message"]:
        problems.append(f"{where}: empty message")
    if not all(isinstance(n, str) for n in d["notes"]):
        problems.append(f"{where}: notes must be strings")
    if d["fix"] is not None and not (isinstance(d["fix"].get("description"), str) and isinstance(d["fix"].get("edits"), list)):
        problems.append(f"{where}: fix needs a description and a list of edits")
keys = [(d.get("path"), d.get("line"), d.get("column")) for d in findings if isinstance(d, dict)]
if keys != sorted(keys):
    problems.append("findings are not sorted by path, line and column")
if problems:
    sys.exit("\n".join(problems))
print(len(findings))
EOF
# check_json WHAT: $OUT has the documented shape; sets FINDING_COUNT.
check_json() {
  local verdict
  if verdict=$(python_stdlib check_json_findings.py "$OUT" 2>&1); then
    FINDING_COUNT=$verdict
    pass "$1: valid, documented shape ($verdict findings)"
  else
    FINDING_COUNT=
    fail "$1: valid, documented shape" "$verdict"
  fi
}
# json_value EXPR: evaluates a Python expression over `findings` (the array in $OUT).
json_value() { python_stdlib -c "import json,sys; findings = json.load(open(sys.argv[1], encoding='utf-8')); print($1)" "$OUT"; }
check_value() {
  local actual
  actual=$(json_value "$1" 2>&1)
  if [ "$actual" = "$2" ]; then pass "$3"; else fail "$3" "$1 is $actual, expected $2"; fi
}

mkdir sub
printf 'total = 0  # btlint: ignore[no-such-rule]\n' >sub/one.py
printf 'x = 1  # btlint: ignore[parse-error]\ny = 2  # btlint: ignore\n' >sub/two.py

echo "# an empty result"
printf 'x = 1\n' >clean.py
run_btlint --no-config --format json clean.py
check_rc 0 "a clean file"
check "an empty result is exactly []" test "$(tr -d ' \n' <"$OUT")" = "[]"

echo "# fields and values"
run_btlint --no-config --format json sub/one.py
check_rc 1 "one finding"
check_json "one finding"
check_value 'json.dumps(findings[0], sort_keys=True)' \
  '{"arch": null, "column": 29, "end_column": 41, "end_line": 1, "fix": null, "line": 1, "message": "unknown rule `no-such-rule` in suppression", "notes": [], "path": "sub/one.py", "rule": "unknown-rule", "severity": "error"}' \
  "every field of a known finding has its exact value"

run_btlint --no-config --format json sub
check_json "a folder with three findings"
check_value 'len(findings)' 3 "three findings"
check_value '[(d["path"], d["line"], d["rule"]) for d in findings]' \
  "[('sub/one.py', 1, 'unknown-rule'), ('sub/two.py', 1, 'unused-suppression'), ('sub/two.py', 2, 'invalid-suppression')]" \
  "sorted by path and line"
run_btlint --no-config sub
text_out=$(cat "$OUT")
run_btlint --no-config --format json sub
check "the JSON findings are the text findings" test \
  "$(json_value '"\n".join("%s:%d:%d: %s: %s [%s]" % (d["path"], d["line"], d["column"], d["severity"], d["message"], d["rule"]) for d in findings)')" = "$text_out"

echo "# path as given on the command line"
run_btlint --no-config --format json "$PWD/sub/one.py"
check_value 'findings[0]["path"]' "$PWD/sub/one.py" "an absolute path stays absolute"
run_btlint_in sub --no-config --format json ../sub/one.py
check_value 'findings[0]["path"]' "../sub/one.py" "a relative path with .. stays as given"
run_btlint_in sub --no-config --format json .
check_value 'findings[0]["path"]' "one.py" "a file found under . is relative to it"

echo "# arch is null for findings that do not depend on the arch"
run_btlint --no-config --format json --arch sm80,sm90 sub/one.py
check_json "two archs"
check_value '(len(findings), findings[0]["arch"])' "(1, None)" "one finding, arch null, with two archs"

echo "# escaping"
odd_dir='we"ird\dir with spaces'
mkdir "$odd_dir"
printf 'x = 1  # btlint: ignore[caf\xc3\xa9-\xe2\x80\x9crule\xe2\x80\x9d\\t"q"]\n' >"$odd_dir/über.py"
run_btlint --no-config --format json "$odd_dir"
check_json "quotes, backslashes and non-ASCII in path and message"
check_value 'findings[0]["path"]' "$odd_dir/über.py" "the path round-trips exactly"
check_value 'findings[0]["message"]' 'unknown rule `café-“rule”\t"q"` in suppression' "the message round-trips exactly"

finish
