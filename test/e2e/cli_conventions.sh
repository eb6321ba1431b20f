#!/bin/bash
# The command-line conventions btlint shares with ruff: --exit-zero, -q/--quiet,
# --color=auto|always|never with NO_COLOR and FORCE_COLOR, --output-format,
# --statistics and `btlint rules` as JSON, globs in --select/--ignore,
# --show-fixes, and every option listed by --help. (Standard input: stdin.sh.)
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

# run_env VAR=VALUE... -- ARGS...: run_btlint with only these colour variables set.
run_env() {
  local vars=()
  while [ "$1" != "--" ]; do vars+=("$1"); shift; done
  shift
  LAST_COMMAND="(cd $(pwd) && ${vars[*]} btlint $*)"
  timeout "$BTLINT_TIMEOUT_S" env -u NO_COLOR -u FORCE_COLOR "${vars[@]}" "$BTLINT" "$@" >"$OUT" 2>"$ERR"
  RC=$?
}

mkdir project
printf 'a = 1  # btlint: ignore[made-up-one]\n' >project/errors.py
printf 'x = 1\n' >clean.py
escape=$'\033['
# A fixable file: a duplicate config (fixable), a bad num_warps (not).
cat >ops.py <<'PY'
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 1024}, num_warps=4),
        triton.Config({"BLOCK": 2048}, num_warps=6),
        triton.Config({"BLOCK": 1024}, num_warps=4),
    ],
    key=["n"],
)
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
PY

echo "# --exit-zero"
run_btlint --no-config --exit-zero project
check_rc 0 "--exit-zero with findings"
check_stdout_has "project/errors.py:1:" "--exit-zero still prints the findings"
run_btlint --no-config --exit-zero --fail-on note project
check_rc 0 "--exit-zero wins over --fail-on"
run_btlint --no-config --exit-zero project missing.py
check_rc 2 "--exit-zero does not hide an unreadable input"
run_btlint --no-config --exit-zero --select no-such-rule project
check_rc 2 "--exit-zero does not hide a usage error"
run_btlint --no-config --exit-zero --diff --select duplicate-config ops.py
check_rc 0 "--exit-zero with --diff that has something to fix"
check_stdout_has "+++ b/ops.py" "the diff is still printed"

echo "# -q / --quiet"
printf '{"version": 1, "findings": []}\n' >empty-baseline.json
run_btlint --no-config --baseline empty-baseline.json --show-fixes ops.py
check_stderr_has "fixable with --fix" "without --quiet the summary line is printed"
for quiet in -q --quiet; do
  run_btlint --no-config $quiet --show-fixes ops.py
  check_rc 1 "$quiet keeps the exit status"
  check_stdout_has "ops.py:9:9: warning: [*] config 3 is identical to config 1" "$quiet prints the findings"
  check_stderr_empty "$quiet: no summary on standard error"
done
cp ops.py fixme.py
run_btlint --no-config -q --fix --select duplicate-config fixme.py
check_rc 0 "--quiet --fix"
check_stderr_empty "--quiet --fix: no 'fixed' lines"
run_btlint --no-config -q --write-baseline base.json project
check_stderr_empty "--quiet --write-baseline: no 'recorded' line"
run_btlint --no-config -q --baseline base.json project
check_rc 0 "--quiet --baseline"
check_stderr_empty "--quiet --baseline: no 'accepted by the baseline' line"
run_btlint --no-config -q project missing.py
check_stderr_has "missing.py" "--quiet still reports errors"

echo "# --color and NO_COLOR / FORCE_COLOR"
run_env -- --no-config project
check_stdout_lacks "$escape" "auto: no colour on a pipe"
for value in always true; do
  run_env -- --no-config --color=$value project
  check_stdout_has "$escape" "--color=$value colours a pipe"
done
run_env -- --no-config --color always project
check_stdout_has "$escape" "--color always (a separate value) colours a pipe"
check_stdout_lacks "always" "the value is not taken for a path"
for value in never false; do
  run_env FORCE_COLOR=1 -- --no-config --color=$value project
  check_stdout_lacks "$escape" "--color=$value wins over FORCE_COLOR"
done
run_env FORCE_COLOR=1 -- --no-config project
check_stdout_has "$escape" "FORCE_COLOR colours a pipe"
run_env FORCE_COLOR=1 -- --no-config --color=auto project
check_stdout_has "$escape" "--color=auto reads FORCE_COLOR"
run_env FORCE_COLOR= -- --no-config project
check_stdout_lacks "$escape" "an empty FORCE_COLOR is not set"
run_env NO_COLOR=1 FORCE_COLOR=1 -- --no-config project
check_stdout_lacks "$escape" "NO_COLOR wins over FORCE_COLOR"
run_env NO_COLOR=1 -- --no-config --color=always project
check_stdout_has "$escape" "--color=always wins over NO_COLOR"
run_env FORCE_COLOR=1 -- --no-config --format json project
check_stdout_lacks "$escape" "FORCE_COLOR does not colour JSON"
run_env FORCE_COLOR=1 -- --no-config -o coloured.txt project
check_lacks coloured.txt "$escape" "FORCE_COLOR does not colour an --output file"
run_env -- --no-config --color=sometimes project
check_rc 2 "an unknown --color value"
check_stderr_has "\`--color\` must be auto, always or never, not \`sometimes\`" "the message names the values"
if command -v script >/dev/null; then
  LAST_COMMAND="NO_COLOR=1 script -qec 'btlint --no-config project' (a terminal)"
  env -u FORCE_COLOR NO_COLOR=1 script -qec "'$BTLINT' --no-config project" /dev/null >"$OUT" 2>"$ERR" </dev/null
  RC=$?
  check_stdout_has "errors.py:1:" "the terminal run printed findings"
  check_stdout_lacks "$escape" "NO_COLOR: no colour on a terminal"
  env -u FORCE_COLOR NO_COLOR= script -qec "'$BTLINT' --no-config project" /dev/null >"$OUT" 2>"$ERR" </dev/null
  check_stdout_has "$escape" "an empty NO_COLOR is not set: colour on a terminal"
else
  fail "script(1) is available to give btlint a terminal" "install bsdutils (Debian) or util-linux"
fi

echo "# --output-format"
run_btlint --no-config --format json project
cp "$OUT" format.json
run_btlint --no-config --output-format json project
check_rc 1 "--output-format json (a separate value)"
check_same_file format.json "$OUT" "--output-format json is --format json"
run_btlint --no-config --output-format=json project
check_same_file format.json "$OUT" "--output-format=json is --format json"
run_btlint --no-config --output-format=yaml project
check_rc 2 "an unknown --output-format"

echo "# --statistics --format json"
run_btlint --no-config --statistics --format json project clean.py
check_rc 1 "--statistics --format json keeps the exit status"
if python3 - "$OUT" >stats.err 2>&1 <<'PY'; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["rules"] == [{"rule": "unknown-rule", "count": 1}], d["rules"]
assert d["total"] == 1, d
assert d["autotune_lists"] == {"total": 0, "read_whole": 0}, d
assert d["files_not_analysed"] == {"total": 2, "by_language": {"python": 2}}, d
PY
  pass "the counts per rule, the total and the coverage figures as JSON"
else
  fail "the counts per rule, the total and the coverage figures as JSON" "$(cat stats.err)"
fi
run_btlint --no-config --statistics --format json --select duplicate-config ops.py
check_has "$OUT" '"read_whole": 1' "a list read whole is counted"
run_btlint --no-config --statistics --format sarif project
check_rc 2 "--statistics in another format is a usage error"

echo "# btlint rules --format json"
run_btlint rules --format json
check_rc 0 "btlint rules --format json"
if python3 - "$OUT" "$SOURCE_DIR" >rules.err 2>&1 <<'PY'; then
import json, os, sys
rules = json.load(open(sys.argv[1]))
assert len(rules) > 20, len(rules)
ids = [r["id"] for r in rules]
assert ids == sorted(ids), "sorted by id"
for r in rules:
    assert set(r) == {"id", "category", "severity", "summary", "arch_specific", "doc"}, r
    assert r["category"] in {"correctness", "resources", "tuning", "benchmarking", "meta"}, r
    assert r["severity"] in {"note", "warning", "error"}, r
    assert os.path.isfile(os.path.join(sys.argv[2], r["doc"])), r["doc"]
smem = next(r for r in rules if r["id"] == "smem-over-budget")
assert smem["category"] == "resources" and smem["arch_specific"] is True, smem
PY
  pass "each rule has id, category, severity, summary, arch_specific and its page"
else
  fail "each rule has id, category, severity, summary, arch_specific and its page" "$(cat rules.err)"
fi
run_btlint rules --output-format=json
check_has "$OUT" '"id": "smem-over-budget"' "btlint rules --output-format=json"
run_btlint rules --format yaml
check_rc 2 "btlint rules with an unknown format"

echo "# globs in --select and --ignore"
run_btlint --no-config --select 'num-*' ops.py
check_rc 1 "--select num-*"
check_stdout_has "[num-warps-invalid" "num-* selects num-warps-invalid"
check_stdout_lacks "[duplicate-config" "num-* leaves duplicate-config out"
run_btlint --no-config --select '*-config' ops.py
check_stdout_has "[duplicate-config" "*-config selects duplicate-config"
check_stdout_lacks "[num-warps-invalid" "*-config leaves num-warps-invalid out"
run_btlint --no-config --select 'num-*,duplicate-confi?' --ignore 'num-warps-*' ops.py
check_stdout_has "[duplicate-config" "globs in a comma list, ? for one character"
check_stdout_lacks "[num-warps-invalid" "--ignore with a glob"
run_btlint --no-config --select '*-over-*' ops.py
check_rc 0 "--select *-over-* (smem-over-budget, ...) finds nothing here"
run_btlint --no-config --select 'tile-*,zzz-*' ops.py
check_rc 2 "a glob matching no rule"
check_stderr_has "\`zzz-*\` matches no rule" "the message names the glob"
check_stdout_empty "nothing is linted"
run_btlint --no-config --ignore 'zzz-*' ops.py
check_rc 2 "a glob matching no rule in --ignore"
run_btlint --no-config --select 'tile-not-power-of-tw' ops.py
check_rc 2 "an unknown id is still an error"
check_stderr_has "did you mean \`tile-not-power-of-two\`" "with a suggestion"

echo "# --show-fixes"
run_btlint --no-config --select duplicate-config,num-warps-invalid ops.py
check_stdout_lacks "[*]" "without --show-fixes no marker"
check_stdout_lacks "  fix:" "without --show-fixes no fix line"
check_stderr_empty "without --show-fixes no count"
run_btlint --no-config --show-fixes --select duplicate-config,num-warps-invalid ops.py
check_rc 1 "--show-fixes keeps the exit status"
check_stdout_has "ops.py:9:9: warning: [*] config 3 is identical to config 1 [duplicate-config]" "a fixable finding is marked [*]"
check_stdout_has "  fix: delete the duplicate config" "and says what its fix does"
check_stdout_has "ops.py:8:50: error: config 2 sets" "a finding without a fix is printed as before"
check_stdout_lacks "error: [*]" "and is not marked"
check_stderr_has "btlint: 1 of 2 findings fixable with --fix" "the count after the findings"
run_btlint --no-config --show-fixes --format json --select duplicate-config ops.py
check_stdout_lacks "[*]" "JSON is unchanged (its fix field says it)"
check_stderr_has "btlint: 1 of 1 finding fixable with --fix" "the count is printed for every format"
run_btlint --no-config --show-fixes clean.py
check_rc 0 "--show-fixes on a clean file"
check_stderr_has "btlint: 0 of 0 findings fixable with --fix" "the count says 0"

echo "# every option is in --help"
run_btlint --help
check_rc 0 "--help"
for option in --arch --baseline --color --config --cuda-path --diff --dtype --exit-zero --fail-on --fix \
  --follow-symlinks --format --ignore -j --no-config -o --output --output-format -p -q --quiet --select \
  --show-fixes --statistics --stdin-filename --write-baseline; do
  check_matches "$OUT" "^  $option[ =]" "--help lists $option"
done
check_lacks "$OUT" "Color Options" "LLVM's --color is gone"

finish
