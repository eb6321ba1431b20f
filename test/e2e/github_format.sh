#!/bin/bash
# --format github: one workflow command per finding,
#   ::error file=F,line=L,endLine=E,col=C,endColumn=D,title=T::message
# (warning and notice for the other severities), with %, CR and LF escaped as
# %25, %0D, %0A everywhere and also : and , inside properties. A parser that
# unescapes the commands must get back exactly what --format json says.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

cat >github_commands_match_json.py <<'EOF'
"""usage: github_commands_match_json.py GITHUB_OUTPUT JSON_OUTPUT"""
import json
import re
import sys

COMMAND = re.compile(r"::(error|warning|notice) (file=[^,]*,line=\d+,endLine=\d+,col=\d+,endColumn=\d+,title=[^,]*)::(.*)")
LEVEL = {"error": "error", "warning": "warning", "note": "notice"}


def unescape(text, in_property):
    pairs = {"%25": "%", "%0D": "\r", "%0A": "\n"}
    if in_property:
        pairs.update({"%3A": ":", "%2C": ","})
    return re.sub("|".join(pairs), lambda m: pairs[m.group(0)], text)


lines = open(sys.argv[1], encoding="utf-8", newline="\n").read().split("\n")
findings = json.load(open(sys.argv[2], encoding="utf-8"))
if lines[-1] != "":
    sys.exit("the output does not end with a newline")
lines = lines[:-1]
problems = []
if len(lines) != len(findings):
    problems.append(f"{len(lines)} commands for {len(findings)} findings")
for i, (line, d) in enumerate(zip(lines, findings)):
    m = COMMAND.fullmatch(line)
    if not m:
        problems.append(f"line {i + 1} is not a workflow command of the documented form: {line!r}")
        continue
    level, properties, message = m.groups()
    props = dict(p.split("=", 1) for p in properties.split(","))
    expected = {
        "level": LEVEL[d["severity"]], "file": d["path"], "line": str(d["line"]), "endLine": str(d["end_line"]),
        "col": str(d["column"]), "endColumn": str(d["end_column"]),
        "message": "\n".join([d["message"]] + ["note: " + n for n in d["notes"]]),
    }
    actual = {"level": level, "message": unescape(message, False)}
    actual.update({k: unescape(v, True) for k, v in props.items() if k != "title"})
    for key, value in expected.items():
        if actual.get(key) != value:
            problems.append(f"line {i + 1}: {key} is {actual.get(key)!r}, JSON says {value!r}")
    if d["rule"] not in unescape(props["title"], True):
        problems.append(f"line {i + 1}: the title {props['title']!r} does not name the rule {d['rule']}")
if problems:
    sys.exit("\n".join(problems))
print(len(lines))
EOF
# check_github_matches_json WHAT ARGS...: runs both formats on ARGS and compares.
check_github_matches_json() {
  local what=$1 verdict
  shift
  run_btlint --format json "$@"
  cp "$OUT" expected.json
  run_btlint --format github "$@"
  cp "$OUT" actual.github
  if verdict=$(python_stdlib github_commands_match_json.py actual.github expected.json 2>&1); then
    pass "$what: $verdict commands carry exactly what the JSON findings say"
  else
    fail "$what: the commands carry exactly what the JSON findings say" "$verdict"
  fi
}

echo "# the form of one command"
printf 'total = 0  # btlint: ignore[no-such-rule]\n' >plain.py
run_btlint --no-config --format github plain.py
check_rc 1 "exit status as for text"
check "exactly the documented command" test "$(cat "$OUT")" = \
  '::error file=plain.py,line=1,endLine=1,col=29,endColumn=41,title=btlint (unknown-rule)::unknown rule `no-such-rule` in suppression'

echo "# severities: error, warning, notice"
printf 'x = 1  # btlint: ignore[parse-error]\n' >warning.py
run_btlint --no-config --format github warning.py
check_stdout_matches '^::warning file=warning\.py,line=1,' "a warning is ::warning"
mkdir noted
printf 'x = 1  # btlint: ignore[parse-error]\n' >noted/note.py
printf 'rules:\n  unused-suppression: {severity: note}\n' >noted/.btlint.yaml
run_btlint --format github --fail-on note noted
check_stdout_matches '^::notice file=noted/note\.py,line=1,' "a note is ::notice"

echo "# escaping"
# A percent sign and a carriage return inside a message (the unknown id is
# quoted in it); commas, colons, a percent sign and a newline in a file name.
printf 'x = 1  # btlint: ignore[100%%-rule]\ny = 2  # btlint: ignore[cr\rinside]\n' >percent.py
odd_name=$'odd,name:50%\nsecond line.py'
printf 'total = 0  # btlint: ignore[no-such-rule]\n' >"$odd_name"
run_btlint --no-config --format github percent.py
check_stdout_has 'unknown rule `100%25-rule` in suppression' "% in a message becomes %25"
check_stdout_has 'unknown rule `cr%0Dinside` in suppression' "CR in a message becomes %0D"
check "one line per command even with a CR inside" test "$(wc -l <"$OUT")" -eq 2
run_btlint --no-config --format github .
check_stdout_has 'file=odd%2Cname%3A50%25%0Asecond line.py,line=1,' ", : % and LF in a file name are escaped in the property"
check_github_matches_json "every finding in the folder" --no-config .
check_github_matches_json "a note-level finding" noted

finish
