#!/bin/bash
# --fix applies the safe fixes rules attach to findings (tile-not-constexpr
# annotates the parameter, duplicate-config deletes the repeated config),
# reports what it fixed on standard error, and then reports what remains. A
# fixed file must be silent for those rules when linted again and still be
# valid Python. --diff prints the same change as a unified diff that `patch`
# applies, and writes nothing.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir -p proj/kernels
cat >proj/kernels/ops.py <<'EOF'
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 2048}, num_warps=8),
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 4096}, num_warps=8),
        triton.Config({"BLOCK_SIZE": 2048}, num_warps=8),
        triton.Config({"BLOCK_SIZE": 8192}, num_warps=8), triton.Config({"BLOCK_SIZE": 8192}, num_warps=8),
        triton.Config({"BLOCK_SIZE": 512}, num_warps=6)
    ],
    key=["n_elements"],
)
@triton.jit
def sigmoid_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.sigmoid(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


@triton.jit
def scale_rows_kernel(x_ptr, out_ptr, n_cols, scale, BLOCK_COLS=1024, ROWS = 4):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_COLS)
    rows = tl.arange(0, ROWS)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * n_cols + cols + tl.sum(rows), x * scale, mask=mask)
EOF
chmod 754 proj/kernels/ops.py
cp -r proj original
rules=tile-not-constexpr,duplicate-config

run_btlint_in proj --no-config --arch sm80,sm90 --select $rules kernels
check_rc 1 "before fixing, the file has findings of both rules"
before_constexpr=$(grep -c '\[tile-not-constexpr' "$OUT")
before_duplicate=$(grep -c '\[duplicate-config' "$OUT")
check "two tile-not-constexpr and three duplicate-config findings before fixing" test "$before_constexpr" -eq 2 -a "$before_duplicate" -eq 3

# --diff: a patch on standard output, nothing written, exit 1.
run_btlint_in proj --no-config --arch sm80,sm90 --diff kernels
check_rc 1 "--diff exits 1 when there is something to fix"
cp "$OUT" fixes.patch
check_same_file original/kernels/ops.py proj/kernels/ops.py "--diff leaves the file alone"
check_stdout_has "--- a/kernels/ops.py" "--diff names the file as a/PATH"
check_stdout_has "+def scale_rows_kernel(x_ptr, out_ptr, n_cols, scale, BLOCK_COLS: tl.constexpr = 1024, ROWS: tl.constexpr = 4):" \
  "--diff shows the constexpr annotations"

# --fix, with a rule whose findings have no fix still reported afterwards.
run_btlint_in proj --no-config --arch sm80,sm90 --select $rules,num-warps-invalid --fix kernels
check_rc 1 "--fix exits 1: num-warps-invalid has no fix and remains"
check_stderr_matches "^kernels/ops.py:[0-9]+:[0-9]+: fixed: delete the duplicate config \[duplicate-config\]$" \
  "--fix reports each duplicate it deleted"
check_stderr_matches "^kernels/ops.py:[0-9]+:[0-9]+: fixed: declare \`BLOCK_COLS\` as \`tl.constexpr\` \[tile-not-constexpr\]$" \
  "--fix reports each annotation it added"
check_stderr_has "btlint: fixed 5 findings" "--fix counts the five fixes (two findings per arch fixed once)"
check_stdout_has "[num-warps-invalid" "the finding without a fix is reported"
check_stdout_lacks "[duplicate-config" "no duplicate-config finding remains"
check_stdout_lacks "[tile-not-constexpr" "no tile-not-constexpr finding remains"

run_btlint_in proj --no-config --arch sm80,sm90 --select $rules kernels
check_rc 0 "the fixed file is silent for the fixed rules"
check_stdout_empty "no findings after the fix"
if python3 -m py_compile proj/kernels/ops.py 2>"$WORK/pyc.err"; then
  pass "the fixed file is still valid Python (py_compile)"
else
  fail "the fixed file is still valid Python (py_compile)" "$(cat "$WORK/pyc.err")"
fi
ruff=$SOURCE_DIR/.venv/bin/ruff
if [ -x "$ruff" ]; then
  if "$ruff" check --no-cache --isolated --select E9,F63,F7,F82 proj/kernels/ops.py >"$WORK/ruff.out" 2>&1; then
    pass "ruff finds no syntax error in the fixed file"
  else
    fail "ruff finds no syntax error in the fixed file" "$(cat "$WORK/ruff.out")"
  fi
fi
check "the fixed file keeps its permissions" test "$(stat -c %a proj/kernels/ops.py)" = 754
check "five configs are left of eight" test "$(grep -c 'triton.Config' proj/kernels/ops.py)" -eq 5
check_has proj/kernels/ops.py 'triton.Config({"BLOCK_SIZE": 8192}, num_warps=8),' "one of the two configs sharing a line stays"
check_lacks proj/kernels/ops.py '8192}, num_warps=8), triton.Config' "the other is gone from that line"

# The diff, applied by patch, gives exactly what --fix wrote.
cp -r original patched
if (cd patched && patch -s -p1 <../fixes.patch) >"$WORK/patch.out" 2>&1; then
  pass "patch applies the --diff output"
else
  fail "patch applies the --diff output" "$(cat "$WORK/patch.out")"
fi
check_same_file proj/kernels/ops.py patched/kernels/ops.py "--diff and --fix make the same file"

# Nothing left to fix: --diff prints nothing and exits 0.
run_btlint_in proj --no-config --diff kernels
check_rc 0 "--diff exits 0 when there is nothing to fix"
check_stdout_empty "--diff prints nothing when there is nothing to fix"

# A byte order mark is kept.
printf '\xEF\xBB\xBF' >bom.py
cat original/kernels/ops.py >>bom.py
run_btlint --no-config --select $rules --fix bom.py
check_rc 0 "--fix on a file with a byte order mark"
check "the byte order mark is kept" test "$(head -c 3 bom.py | od -An -tx1 | tr -d ' ')" = efbbbf

run_btlint --fix --diff bom.py
check_rc 2 "--fix with --diff is a usage error"
finish
