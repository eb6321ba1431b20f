#!/bin/bash
# Runs the real clang-tidy with btlint's plugin on the CUDA rule fixtures and
# checks that each btlint-* check reports exactly what btlint reports there
# (the .expected files), that NOLINT silences it, and that --list-checks shows
# the checks; then docs/editors.md's commands: a .cu without device flags and
# an nvcc compile database.
# usage: clang_tidy_plugin_test.sh CLANG_TIDY PLUGIN SOURCE_DIR
set -u
clang_tidy=$1 plugin=$2 root=$3
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# The device side for sm_90, as btlint parses; CUDA headers when installed.
flags=(-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version)
if [ ! -e "${CUDA_PATH:-/usr/local/cuda}/include/cuda_runtime.h" ]; then
  echo "note: no CUDA toolkit; the fixtures parse against clang's CUDA wrappers only"
  flags+=(-nocudainc -nocudalib)
fi

listed=$("$clang_tidy" -load "$plugin" -checks='-*,btlint-*' --list-checks 2>&1)
for rule in static-smem-over-48k dynamic-smem-missing-optin block-size-invalid; do
  grep -q "btlint-$rule\$" <<<"$listed" || fail "--list-checks does not show btlint-$rule"
done

for rule in static-smem-over-48k dynamic-smem-missing-optin block-size-invalid; do
  for fixture in "$root"/test/rules/$rule/*.cu; do
    name=$(basename "$fixture" .cu)
    # btlint's findings as "line:col: message" ...
    expected=$(sed -n 's/^[^ ][^:]*:\([0-9]*:[0-9]*\): [a-z]*: \(.*\) \['"$rule"'[],].*/\1: \2/p' \
      "$root/test/rules/$rule/$name.expected")
    # ... and clang-tidy's, which must match them one for one.
    output=$(cd "$(dirname "$fixture")" && "$clang_tidy" -load "$plugin" -checks="-*,btlint-$rule" \
      "$(basename "$fixture")" -- "${flags[@]}" 2>&1)
    actual=$(sed -n 's/^[^ ][^:]*:\([0-9]*:[0-9]*\): warning: \(.*\) \[btlint-'"$rule"'\]$/\1: \2/p' <<<"$output")
    if [ "$expected" != "$actual" ]; then
      fail "$rule/$name.cu"
      diff <(echo "$expected") <(echo "$actual") | sed 's/^/    /'
      echo "$output" | sed 's/^/    | /' | head -40
    fi
  done
done

# NOLINT(btlint-...) on the reported line silences the check.
fixture="$root/test/rules/block-size-invalid/fires_partial_warp.cu"
sed 's|^\(  smooth<<<1, 48>>>(in, out);\)$|\1  // NOLINT(btlint-block-size-invalid)|' "$fixture" > "$scratch/nolint.cu"
output=$("$clang_tidy" -load "$plugin" -checks='-*,btlint-block-size-invalid' "$scratch/nolint.cu" -- "${flags[@]}" 2>&1)
count=$(grep -c 'warning: .*\[btlint-block-size-invalid\]' <<<"$output")
[ "$count" -eq 1 ] || fail "NOLINT: expected 1 remaining warning, got $count"$'\n'"$output"

# A check option reaches the rule: without the warp-multiple requirement the
# partial-warp fixture is clean.
output=$("$clang_tidy" -load "$plugin" -checks='-*,btlint-block-size-invalid' \
  -config="{CheckOptions: {btlint-block-size-invalid.require-warp-multiple: 'false'}}" \
  "$fixture" -- "${flags[@]}" 2>&1)
grep -q 'btlint-block-size-invalid' <<<"$output" && fail "require-warp-multiple=false still reports"$'\n'"$output"

# docs/editors.md's two commands, run as written there (the plugin's path
# and clang-tidy's name are the only substitutions), in a project whose
# src/gemm.cu is the padding fixture and whose build/ holds the compile
# database CMake writes for nvcc.
mapfile -t doc_commands < <(grep '^clang-tidy-22 -load ' "$root/docs/editors.md")
[ "${#doc_commands[@]}" -eq 2 ] || fail "docs/editors.md shows the two clang-tidy commands (found ${#doc_commands[@]})"
run_documented() { # COMMAND PROJECT [EXTRA FLAGS after --]
  local command=${1//build\/tools\/clang-tidy-plugin\/BtlintClangTidyPlugin.so/$plugin}
  command=${command/#clang-tidy-22/$clang_tidy}
  (cd "$2" && eval "$command ${3:-}") 2>&1
}
no_toolkit_flags=""
[ -e "${CUDA_PATH:-/usr/local/cuda}/include/cuda_runtime.h" ] || no_toolkit_flags="-nocudainc -nocudalib"
fixture="$root/test/rules/static-smem-over-48k/fires_padding_between_arrays.cu"
expected_smem='warning: `histogram` uses 49160 bytes of static shared memory; ptxas accepts at most 49152 bytes (48 KiB) [btlint-static-smem-over-48k]'

# 1. No device flags: clang compiles for its default sm_52; the checks use
#    their Arch option instead of failing on it.
mkdir -p "$scratch/plain/src"
cp "$fixture" "$scratch/plain/src/gemm.cu"
output=$(run_documented "${doc_commands[0]}" "$scratch/plain" "$no_toolkit_flags")
grep -qF "src/gemm.cu:3:17: $expected_smem" <<<"$output" ||
  fail "no device flags: the finding is reported"$'\n'"$output"
grep -q "unknown arch\|sm52" <<<"$output" && fail "no device flags: nothing about sm52"$'\n'"$output"

# An explicit arch btlint has no table for is said once per unit, not once per check.
output=$(cd "$scratch/plain" && "$clang_tidy" -load "$plugin" -checks='-*,btlint-*' src/gemm.cu -- \
  --cuda-gpu-arch=sm_61 $no_toolkit_flags 2>&1)
count=$(grep -c "compiled for sm61, which btlint has no table for" <<<"$output")
[ "$count" -eq 1 ] || fail "an unknown explicit arch is noted once, not $count times"$'\n'"$output"
grep -qF "$expected_smem" <<<"$output" || fail "and the checks still run (for sm90)"$'\n'"$output"

# 2. An nvcc compile database as CMake writes it: clang rejects its flags, the
#    plugin translates them as `btlint -p` does. The array's size comes from
#    a macro and a header that only the database's -D and -I give.
project="$scratch/nvcc project"
mkdir -p "$project/src" "$project/include" "$project/build"
printf '#pragma once\n#define BIN_COUNT BINS\n' >"$project/include/hist_config.h"
sed -e 's/^__global__ void histogram/#include "hist_config.h"\n__global__ void histogram/' \
    -e 's/bins\[6144\]/bins[BIN_COUNT]/' "$fixture" >"$project/src/gemm.cu"
python3 - "$project" <<'PY'
import json, os, sys
project = sys.argv[1]
command = ["/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler", "-DBINS=6144",
           "-I" + os.path.join(project, "include"), "-O3", "-DNDEBUG", "-std=c++17",
           "--generate-code=arch=compute_90,code=[compute_90,sm_90]", "-Xcompiler=-fPIC",
           "-Xcompiler", "-Wall", "--expt-relaxed-constexpr", "-x", "cu",
           "-c", os.path.join(project, "src", "gemm.cu"), "-o", "CMakeFiles/gemm.dir/src/gemm.cu.o"]
entry = {"directory": os.path.join(project, "build"), "file": os.path.join(project, "src", "gemm.cu"),
         "command": " ".join("'%s'" % a if " " in a else a for a in command)}
json.dump([entry], open(os.path.join(project, "build", "compile_commands.json"), "w"), indent=2)
PY
output=$(run_documented "${doc_commands[1]}" "$project")
rc=$?
grep -qF "src/gemm.cu:4:17: $expected_smem" <<<"$output" ||
  fail "nvcc database: the finding is reported"$'\n'"$output"
grep -q "unknown argument\|error:" <<<"$output" && fail "nvcc database: no errors"$'\n'"$output"
[ "$rc" -eq 0 ] || fail "nvcc database: clang-tidy exits 0, not $rc"$'\n'"$output"

# A clang database is still clang-tidy's own business (read as it is).
sed -e 's|/usr/local/cuda/bin/nvcc|clang++-22|' -e 's|--generate-code=[^ ]*|--cuda-gpu-arch=sm_90 --cuda-device-only|' \
    -e 's| -Xcompiler=-fPIC -Xcompiler -Wall --expt-relaxed-constexpr -x cu| -x cuda -Wno-unknown-cuda-version '"$no_toolkit_flags"'|' -e 's| -forward-unknown-to-host-compiler||' \
    "$project/build/compile_commands.json" >"$scratch/clang.json"
mv "$scratch/clang.json" "$project/build/compile_commands.json"
output=$(run_documented "${doc_commands[1]}" "$project")
grep -qF "src/gemm.cu:4:17: $expected_smem" <<<"$output" ||
  fail "clang database: the finding is reported"$'\n'"$output"

# A note that names a place ("__launch_bounds__ at line 4", "`As` (line 5)")
# is reported at that place, where btlint's text output puts it.
notes_checked=0
for rule in static-smem-over-48k block-size-invalid; do
  for fixture in "$root"/test/rules/$rule/*.cu; do
    name=$(basename "$fixture" .cu)
    placed=$(sed -n 's/^  [^ ][^:]*:\([0-9]*:[0-9]*\): note: \(.*\)/\1: note: \2/p' "$root/test/rules/$rule/$name.expected")
    [ -n "$placed" ] || continue
    output=$(cd "$(dirname "$fixture")" && "$clang_tidy" -load "$plugin" -checks="-*,btlint-$rule" \
      "$(basename "$fixture")" -- "${flags[@]}" 2>&1)
    while IFS= read -r note; do
      notes_checked=$((notes_checked + 1))
      grep -qF "$(basename "$fixture"):$note" <<<"$output" ||
        fail "$rule/$name.cu: no note at its place: $note"$'\n'"$(sed 's/^/    | /' <<<"$output" | head -30)"
    done <<<"$placed"
  done
done
[ "$notes_checked" -ge 3 ] || fail "only $notes_checked notes with a place checked"

echo "clang-tidy plugin: $failures failed"
[ "$failures" -eq 0 ]
