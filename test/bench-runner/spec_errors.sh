#!/bin/bash
# Bad bench specs in .btlint.yaml are errors with file:line:col, exit 2.
# Usage: spec_errors.sh BTLINT_BENCH SOURCE_DIR
set -uo pipefail
# BTLINT_BENCH_UNDER_TEST: the installed command instead (test/wheel/installed.sh).
bench=${BTLINT_BENCH_UNDER_TEST:-$1}
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # yaml, expected message fragment
  printf '%s\n' "$1" > "$work/.btlint.yaml"
  out=$("$bench" --emit "$work/out" --findings "$root/test/bench-runner/findings.json" --config "$work/.btlint.yaml" 2>&1)
  status=$?
  if [ $status -ne 2 ] || ! grep -qF -- "$2" <<<"$out"; then
    echo "FAIL: expected exit 2 and '$2', got $status: $out" >&2
    fail=1
  fi
}
check 'bench: {kernel: k}' '.btlint.yaml:1:8: error: `bench` must be a list of bench specs'
check $'bench:\n  - kernel: k\n    launcher: nocolon' '.btlint.yaml:3:15: error: `launcher` must be `module:function`'
check $'bench:\n  - launcher: m:f' '.btlint.yaml:2:5: error: bench spec without `kernel`'
check $'bench:\n  - kernel: k\n    launcher: m:f\n    shapes: {M: 4096}\n    flops: 2 * M * N' 'error: `flops` uses `N`, which a shape of this bench spec does not give'
check $'bench:\n  - kernel: k\n    launcher: m:f\n    flops: __import__("os")' 'error: `flops` may only use shape names'
check $'bench:\n  - kernel: k\n    launcher: m:f\n    rep-ms: 20' '.btlint.yaml:4:13: error: `rep-ms` must be at least 100 ms'
check $'bench:\n  - kernel: k\n    launcher: m:f\n    shapes: {M: big}' 'error: `shape M` must be an integer'
check $'bench:\n  - kernel: k\n    launcher: m:f\n    warmpu-ms: 30' 'unknown key `warmpu-ms` in bench spec; did you mean `warmup-ms`?'
# CUDA launches: grid and block go together, formulas keep their parentheses.
check $'bench:\n  - kernel: k\n    grid: [64]' 'error: a bench spec with `grid` needs `block` (threads per block)'
check $'bench:\n  - kernel: k\n    grid: [cdiv(N, 64)]\n    block: 256' 'has unbalanced parentheses (`cdiv(N`); quote formulas that contain commas'
check $'bench:\n  - kernel: k\n    host: launch_k\n    grid: [1]\n    block: 1' 'either `grid` and `block` (a launch) or `host` (a host function), not both'
check $'bench:\n  - kernel: k\n    host: "launch(k)"' '`host` must name a host function of the kernel'"'"'s .cu file'
check $'bench:\n  - kernel: k\n    grid: [1]\n    block: 1\n    smem: 1 << 16' '`smem` may only use shape names, template parameters'
check $'bench:\n  - kernel: k\n    grid: [1]\n    block: 1\n    args: 3' '`args` must map parameter names to formulas'
# A launcher module that is not there.
printf 'bench:\n  - kernel: tiny_matmul_kernel\n    launcher: missing_module:f\n' > "$work/.btlint.yaml"
out=$("$bench" --emit "$work/out" --findings "$root/test/bench-runner/findings.json" --config "$work/.btlint.yaml" 2>&1)
if [ $? -ne 2 ] || ! grep -qF 'launcher module `missing_module` not found' <<<"$out"; then
  echo "FAIL: missing launcher module: $out" >&2
  fail=1
fi
[ $fail -eq 0 ] && echo "PASS: bench spec errors"
exit $fail
