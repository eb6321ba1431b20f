#!/bin/bash
# --format junit: well-formed XML (parsed with Python's xml module) with one
# testsuite per file and one failing testcase per finding; the counts add up,
# and messages with XML's special characters and control characters survive.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

cat >junit_matches_json.py <<'EOF'
"""usage: junit_matches_json.py JUNIT_OUTPUT JSON_OUTPUT"""
import json
import sys
import xml.etree.ElementTree as ET

try:
    root = ET.parse(sys.argv[1]).getroot()
except ET.ParseError as e:
    sys.exit(f"not well-formed XML: {e}")
findings = json.load(open(sys.argv[2], encoding="utf-8"))
problems = []
if root.tag != "testsuites":
    problems.append(f"the root element is <{root.tag}>, not <testsuites>")
if root.get("tests") != str(len(findings)) or root.get("failures") != str(len(findings)):
    problems.append(f"testsuites says tests={root.get('tests')} failures={root.get('failures')}, "
                    f"there are {len(findings)} findings")
by_path = {}
for d in findings:
    by_path.setdefault(d["path"], []).append(d)
suites = root.findall("testsuite")
if sorted(s.get("name") for s in suites) != sorted(by_path):
    problems.append(f"suites {[s.get('name') for s in suites]} but files {sorted(by_path)}")
for suite in suites:
    expected = by_path.get(suite.get("name"), [])
    cases = suite.findall("testcase")
    if suite.get("tests") != str(len(cases)) or len(cases) != len(expected):
        problems.append(f"suite {suite.get('name')!r}: tests={suite.get('tests')}, {len(cases)} testcases, "
                        f"{len(expected)} findings")
        continue
    for case, d in zip(cases, expected):
        failure = case.find("failure")
        if failure is None:
            problems.append(f"{d['path']}:{d['line']}: the testcase has no <failure>")
            continue
        checks = {"testcase name": (case.get("name"), d["rule"]),
                  "line": (case.get("line"), str(d["line"])),
                  "failure type": (failure.get("type"), d["severity"]),
                  "failure message": (failure.get("message"), d["message"].replace("\x01", "?"))}
        for what, (actual, wanted) in checks.items():
            if actual != wanted:
                problems.append(f"{d['path']}:{d['line']}: {what} is {actual!r}, expected {wanted!r}")
        if f"{d['path']}:{d['line']}:{d['column']}: " not in (failure.text or ""):
            problems.append(f"{d['path']}:{d['line']}: the failure text does not give path:line:col")
if problems:
    sys.exit("\n".join(problems))
print(len(findings))
EOF
check_junit_matches_json() {
  local what=$1 verdict
  shift
  run_btlint --format json "$@"
  cp "$OUT" expected.json
  run_btlint --format junit "$@"
  cp "$OUT" actual.xml
  if verdict=$(python_stdlib junit_matches_json.py actual.xml expected.json 2>&1); then
    pass "$what: well-formed, $verdict failing testcases matching the JSON findings"
  else
    fail "$what: well-formed and matching the JSON findings" "$verdict"
  fi
}

echo "# no findings"
printf 'x = 1\n' >clean.py
check_junit_matches_json "a clean file" --no-config clean.py
check_has actual.xml '<testsuites name="btlint" tests="0" failures="0"' "an empty run still has a <testsuites> element"

echo "# findings in several files"
mkdir project
printf 'total = 0  # btlint: ignore[no-such-rule]\n' >project/a.py
printf 'x = 1  # btlint: ignore[parse-error]\ny = 2  # btlint: ignore\n' >project/b.py
printf 'int x;  // btlint: ignore[another-made-up-rule]\n' >project/c.cu
check_junit_matches_json "three files" --no-config --select 'meta:*' project
check_count actual.xml "<testsuite " 3 "one testsuite per file"
check_count actual.xml "<testcase " 4 "one testcase per finding"

echo "# characters XML treats specially"
# The unknown id is quoted in the message: < & > " ' and a control character.
printf 'x = 1  # btlint: ignore[a<b&c>"d'"'"'e\x01f]\n' >'special <&>.py'
check_junit_matches_json "< & > quotes and a control character in message and path" --no-config 'special <&>.py'

finish
