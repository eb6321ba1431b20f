#!/bin/bash
# Runs the real clang-tidy with btlint's plugin on the CUDA rule fixtures and
# checks that each btlint-* check reports exactly what btlint reports there
# (the .expected files), that NOLINT silences it, and that --list-checks shows
# the checks.
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
    expected=$(sed -n 's/^[^ ][^:]*:\([0-9]*:[0-9]*\): error: \(.*\) \['"$rule"'[],].*/\1: \2/p' \
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
