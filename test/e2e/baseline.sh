#!/bin/bash
# --write-baseline FILE records today's findings; --baseline FILE reports only
# findings not recorded there. Matching ignores line numbers (rule, path, arch,
# kernel, normalised text of the flagged line, occurrence index), so moved
# lines stay accepted while a duplicated bad line is reported once more.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir -p repo/kernels
write_kernel() { # write_kernel EXTRA_LINES_ABOVE EXTRA_CONFIG_LINE
  {
    printf 'import triton\nimport triton.language as tl\n'
    printf '%s' "$1"
    cat <<'EOF'


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 256}, num_warps=4),
        triton.Config({"BLOCK": 512}, num_warps=6),
        triton.Config({"BLOCK": 1024}, num_warps=8),
EOF
    printf '%s' "$2"
    cat <<'EOF'
        triton.Config({"BLOCK": 2048}, num_warps=8),
    ],
    key=["n"],
)
@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
EOF
  } >repo/kernels/scale.py
}
write_kernel "" ""
cd repo || exit 1

run_btlint --no-config kernels
check_rc 1 "the kernel has a finding"
check_stdout_has "num-warps-invalid" "num-warps-invalid fires on num_warps=6"

run_btlint --no-config --write-baseline btlint-baseline.json kernels
check_rc 0 "--write-baseline exits 0"
check_stdout_empty "--write-baseline reports no findings"
check_stderr_has "btlint: recorded 1 finding in btlint-baseline.json" "--write-baseline says how many it recorded"
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); f=d["findings"][0]; assert d["version"]==1 and f["rule"]=="num-warps-invalid" and f["path"]=="kernels/scale.py" and f["kernel"]=="scale_kernel" and f["occurrence"]==0 and f["arch"]=="sm90", d' btlint-baseline.json 2>"$WORK/json.err"; then
  pass "the baseline is JSON with rule, path (relative to the baseline), kernel, arch and occurrence"
else
  fail "the baseline is JSON with rule, path, kernel, arch and occurrence" "$(cat "$WORK/json.err")"
fi

run_btlint --no-config --baseline btlint-baseline.json kernels
check_rc 0 "unchanged file: exit 0"
check_stdout_empty "unchanged file: no findings"
check_stderr_has "1 finding accepted by the baseline" "the accepted findings are counted on standard error"

run_btlint --no-config --baseline btlint-baseline.json --format json kernels
check_rc 0 "--format json with a baseline"
check "--format json prints an empty list" test "$(cat "$OUT")" = "[]"

# The same file named another way, from another folder: the path is matched
# relative to the baseline file.
run_btlint_in "$WORK" --no-config --baseline repo/btlint-baseline.json "$WORK/repo/kernels/scale.py"
check_rc 0 "an absolute path from another folder still matches"

# Lines inserted above the finding: still accepted.
cd "$WORK" || exit 1
write_kernel $'import math\n# a comment\n\n\ndef helper(x):\n    return math.sqrt(x)\n' ""
cd repo || exit 1
run_btlint --no-config kernels
check_stdout_matches "^kernels/scale.py:14:" "(the finding moved from line 8 to line 14)"
run_btlint --no-config --baseline btlint-baseline.json kernels
check_rc 0 "lines inserted above: exit 0"
check_stdout_empty "lines inserted above: the finding is still accepted"

# The bad line duplicated: the second copy is new.
cd "$WORK" || exit 1
write_kernel "" $'        triton.Config({"BLOCK": 512}, num_warps=6),\n'
cd repo || exit 1
run_btlint --no-config --select num-warps-invalid --baseline btlint-baseline.json kernels
check_rc 1 "duplicated bad line: exit 1"
check_count "$OUT" "[num-warps-invalid" 1 "duplicated bad line: one finding reported"
check_stdout_matches "^kernels/scale.py:10:.*num-warps-invalid" "duplicated bad line: the second copy (line 10) is the one reported"

# A new finding elsewhere: reported; the old one is still accepted.
cd "$WORK" || exit 1
write_kernel "" $'        triton.Config({"BLOCK": 4096}, num_warps=3),\n'
cd repo || exit 1
run_btlint --no-config --select num-warps-invalid --baseline btlint-baseline.json kernels
check_rc 1 "new finding: exit 1"
check_count "$OUT" "[num-warps-invalid" 1 "new finding: only the new one is reported"
check_stdout_has "num_warps\` to 3" "new finding: it is the num_warps=3 config"

# The accepted line edited: reported again, and the entry is stale.
sed -i 's/"BLOCK": 512}, num_warps=6/"BLOCK": 512}, num_warps=12/' kernels/scale.py
run_btlint --no-config --select num-warps-invalid --baseline btlint-baseline.json kernels
check_count "$OUT" "[num-warps-invalid" 2 "an edited flagged line is no longer accepted"
check_stderr_has "1 baseline entries no longer occur" "stale baseline entries are counted"

# Malformed baselines: file:line:column and exit 2.
printf '{\n  "version": 1,\n  "findings": [\n    {"rule": "x", "path": "y"\n' >broken.json
run_btlint --no-config --baseline broken.json kernels
check_rc 2 "a truncated baseline is an error"
check_stderr_matches "^btlint: error: broken.json:[0-9]+:[0-9]+: malformed baseline" "the error names file:line:column"
check_stdout_empty "nothing is linted with a broken baseline"

sed 's/"occurrence":0/"occurrence":"first"/' btlint-baseline.json >wrongtype.json
run_btlint --no-config --baseline wrongtype.json kernels
check_rc 2 "a baseline with a wrong field type is an error"
check_stderr_matches "^btlint: error: wrongtype.json:4:[0-9]+: \`occurrence\` must be a non-negative integer" \
  "the wrong field is pointed at by line and column"

printf '{"version": 7, "findings": []}\n' >future.json
run_btlint --no-config --baseline future.json kernels
check_rc 2 "an unknown baseline version is an error"
check_stderr_matches "^btlint: error: future.json:1:13: unsupported baseline version" "the version is pointed at"

run_btlint --no-config --baseline missing.json kernels
check_rc 2 "a missing baseline file is an error"
check_stderr_has "missing.json" "the error names the missing file"

# Rewriting the baseline accepts today's findings again.
run_btlint --no-config --write-baseline btlint-baseline.json kernels
run_btlint --no-config --baseline btlint-baseline.json kernels
check_rc 0 "after --write-baseline again, nothing is new"
finish
