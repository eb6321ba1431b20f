#!/bin/bash
# docs/examples: every example is listed in docs/examples/README.md, lints
# without crashes, input errors or parse errors, and produces on sm90 each
# finding the README's table expects, for every rule that `btlint rules` lists
# (rules not registered yet are printed as pending). An expected finding marked
# "(not yet: REASON)" is a known gap: it is printed, and the test fails once
# the finding appears, so that the mark is removed.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
examples=$SOURCE_DIR/docs/examples
readme=$examples/README.md
cd "$SOURCE_DIR" || exit 1

# The table rows, | [`path`](path) | mistake | `rule`, `rule` (not yet: why) |,
# as lines "path rule [reason the finding is known to be missing]".
python_stdlib - "$readme" >"$WORK/expected_findings.txt" <<'EOF_PY'
import re
import sys

row = re.compile(r"^\| \[`[^`]*`\]\(([^)]*)\) \|.*\| (.*) \|$")
entry = re.compile(r"`([a-z0-9-]+)`(?: \(not yet: ([^)]*)\))?")
for line in open(sys.argv[1], encoding="utf-8"):
    m = row.match(line.rstrip("\n"))
    if m:
        for rule, gap in entry.findall(m.group(2)):
            print(m.group(1), rule, gap)
EOF_PY
check "README.md's table lists expected findings" test -s "$WORK/expected_findings.txt"

echo "# the table and the folder agree"
(cd "$examples" && find . -type f \( -name '*.py' -o -name '*.cu' -o -name '*.cuh' -o -name '*.yaml' -o -name '*.yml' \) |
  sed 's|^\./||' | sort) >"$WORK/example_files.txt"
cut -d' ' -f1 "$WORK/expected_findings.txt" | sort -u >"$WORK/listed_files.txt"
check_same_file "$WORK/example_files.txt" "$WORK/listed_files.txt" "every example file has a row in README.md, and every row names a file"

echo "# lint the examples for sm90"
run_btlint --no-config --arch sm90 --format json docs/examples
check_rc 1 "the examples have findings"
check_stderr_empty "no input errors"
cp "$OUT" "$WORK/findings.json"
run_btlint rules
awk '{print $1}' "$OUT" >"$WORK/registered_rules.txt"

python_stdlib - "$WORK/findings.json" "$WORK/expected_findings.txt" "$WORK/registered_rules.txt" <<'EOF' >"$WORK/verdicts.txt"
import json
import sys

findings = json.load(open(sys.argv[1]))
registered = set(open(sys.argv[3]).read().split())
seen = {(f["path"].removeprefix("docs/examples/"), f["rule"]) for f in findings}
for line in open(sys.argv[2]):
    path, rule, gap = (line.rstrip("\n").split(" ", 2) + [""])[:3]
    found = (path, rule) in seen
    if rule not in registered:
        print(f"pending {path} {rule}: `{rule}` is not a registered rule yet")
    elif gap and found:
        print(f"missing {path} {rule} is marked 'not yet' in README.md: the finding now appears, remove the mark")
    elif gap:
        print(f"gap {path} {rule}: known to be missing ({gap})")
    elif found:
        print(f"ok {path} {rule}")
    else:
        others = sorted(r for p, r in seen if p == path)
        print(f"missing {path} {rule}: no `{rule}` finding; the file has {others or 'none'}")
meta = [f for f in findings if f["rule"] in ("parse-error", "unknown-rule", "invalid-suppression", "unused-suppression")]
for f in meta:
    print(f"meta {f['path']}:{f['line']}:{f['column']}: {f['message']} [{f['rule']}]")
EOF
while read -r verdict rest; do
  case "$verdict" in
    ok) pass "expected finding: $rest" ;;
    pending) echo "pend - ${rest}" ;;
    gap) echo "gap  - ${rest}" ;;
    missing) fail "expected finding: ${rest%%:*}" "${rest#*: }" ;;
    meta) fail "no parse errors or suppression problems in the examples" "$rest" ;;
  esac
done <"$WORK/verdicts.txt"
check "at least one expected finding is checked (its rule is registered)" grep -q '^ok ' "$WORK/verdicts.txt"

finish
