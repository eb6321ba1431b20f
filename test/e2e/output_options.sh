#!/bin/bash
# --output FILE, --statistics, and colour: ANSI escapes only on a terminal or
# with --color=true, never with --color=false, in a file, or in the
# machine-readable formats.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir project
printf 'a = 1  # btlint: ignore[made-up-one]\nb = 2  # btlint: ignore[made-up-two]\n' >project/errors.py
printf 'c = 3  # btlint: ignore[parse-error]\nd = 4  # btlint: ignore\n' >project/mixed.py
escape=$'\033['

echo "# --output"
run_btlint --no-config project
cp "$OUT" expected.txt
for format in text json sarif github junit; do
  run_btlint --no-config --format "$format" project
  cp "$OUT" "stdout.$format"
  run_btlint --no-config --format "$format" --output "findings.$format" project
  check_rc 1 "--format $format --output: the exit status still reports findings"
  check_stdout_empty "--format $format --output: nothing on standard output"
  check_same_file "stdout.$format" "findings.$format" "--format $format --output: the file holds what standard output would"
done
run_btlint --no-config -o short.txt project
check_same_file expected.txt short.txt "-o is --output"
printf 'stale content\n' >overwritten.txt
run_btlint --no-config --output overwritten.txt project
check_same_file expected.txt overwritten.txt "--output replaces an existing file"
run_btlint --no-config --output no-such-folder/out.txt project
check_rc 2 "--output into a missing folder"
check_stderr_has "no-such-folder/out.txt" "the message names the file that cannot be written"
mkdir a_folder
run_btlint --no-config --output a_folder project
check_rc 2 "--output naming a folder"
run_btlint --no-config --output with_errors.txt project missing.py
check_rc 2 "--output with an input error"
check_stderr_has "missing.py" "input errors still go to standard error"
check_same_file expected.txt with_errors.txt "the findings of the readable files are written"

echo "# --statistics"
run_btlint --no-config --statistics project
check_rc 1 "--statistics keeps the exit status"
cat >expected_statistics.txt <<'EOF'
     2  unknown-rule
     1  invalid-suppression
     1  unused-suppression
     4  total
autotune lists read whole: 0 of 0
files read but not analysed (no kernel, config, launch or timing call in their text): 2 (2 python)
EOF
check_same_file expected_statistics.txt "$OUT" "counts per rule, most frequent first, the total, the lists read whole, the files passed over"
check_stdout_lacks "errors.py" "no individual findings"
printf 'x = 1\n' >clean.py
run_btlint --no-config --statistics clean.py
check_rc 0 "--statistics on a clean file"
check "a clean run counts 0 in total" test "$(head -1 "$OUT" | tr -s ' ')" = " 0 total"
cat >listed.py <<'PY'
import triton
import triton.language as tl
from vendored_tuning import EXTRA_CONFIGS


@triton.autotune(configs=[triton.Config({"BLOCK": b}) for b in (64, 128, 256)], key=["n"])
@triton.jit
def read_whole(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)


@triton.autotune(configs=EXTRA_CONFIGS, key=["n"])
@triton.jit
def read_in_part(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
PY
run_btlint --no-config --statistics --select config-list-unresolved listed.py
check_rc 0 "a list not read whole is a note: the run passes at the default --fail-on"
check "--statistics counts the lists read whole" grep -qx "autotune lists read whole: 1 of 2" "$OUT"

# A CUDA header without a kernel of its own is passed over, and said to be.
mkdir -p cudaproject
printf '#pragma once\nconstexpr int kTile = 64;\n' >cudaproject/tiles.cuh
printf '__global__ void k(float *x) { x[threadIdx.x] = 0.0f; }\n' >cudaproject/k.cu
run_btlint --no-config --statistics --arch sm90 cudaproject
check "--statistics counts the CUDA files passed over" grep -qx \
  "files read but not analysed (no kernel, config, launch or timing call in their text): 1 (1 cuda)" "$OUT"

echo "# colour"
run_btlint --no-config project
check_stdout_lacks "$escape" "no colour when standard output is a pipe"
run_btlint --no-config --color=true project
check_stdout_has "$escape" "--color=true colours a pipe"
check "--color=true: the text is the same once the escapes are removed" \
  test "$(sed 's/\x1b\[[0-9;]*m//g' "$OUT")" = "$(cat expected.txt)"
run_btlint --no-config --color=true --output coloured.txt project
check_lacks coloured.txt "$escape" "--color=true does not colour an --output file"
for format in json sarif github junit; do
  run_btlint --no-config --color=true --format "$format" project
  check_stdout_lacks "$escape" "--color=true does not colour --format $format"
done
# A terminal, through script(1): colour by default, none with --color=false.
if command -v script >/dev/null; then
  LAST_COMMAND="script -qec 'btlint --no-config project' (a terminal)"
  script -qec "'$BTLINT' --no-config project" /dev/null >"$OUT" 2>"$ERR" </dev/null
  RC=$?
  check_stdout_has "$escape" "colour by default on a terminal"
  script -qec "'$BTLINT' --no-config --color=false project" /dev/null >"$OUT" 2>"$ERR" </dev/null
  RC=$?
  check_stdout_has "errors.py:1:" "the terminal run printed findings"
  check_stdout_lacks "$escape" "--color=false: no colour on a terminal"
else
  fail "script(1) is available to give btlint a terminal" "install bsdutils (Debian) or util-linux"
fi

finish
