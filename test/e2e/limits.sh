#!/bin/bash
# Bounded work: adversarial inputs finish quickly and say what was cut, naming
# the file; none hangs or crashes (docs/reliability.md, "Limits").
#   evaluator limits (EvaluationLimits)  -> analysis-limit (warning)
#   file over 4 MB, nesting over 1000    -> parse-error naming the limit
#   file over 32 MB (--max-file-size)    -> input error on standard error
# All inputs are generated here; none is committed.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1
# Generous for a sanitizer build on a busy machine; a hang would run forever.
BTLINT_TIMEOUT_S=${BTLINT_LIMITS_TIMEOUT_S:-180}

header='import itertools
import triton
import triton.language as tl
'
kernel() { # NAME CONFIGS_EXPRESSION: an autotuned kernel over the expression
  printf '\n@triton.autotune(configs=%s, key=["n"])\n@triton.jit\ndef %s(x_ptr, n, BLOCK: tl.constexpr):\n    offs = tl.arange(0, BLOCK)\n    tl.store(x_ptr + offs, tl.load(x_ptr + offs))\n' "$2" "$1"
}
# lint_case FILE WHAT: lints one file, which must finish without a crash.
lint_case() {
  local start=$SECONDS
  run_btlint --no-config --arch sm90 -j1 "$1"
  local took=$((SECONDS - start))
  check "$2: finishes (exit 0-2, ${took}s)" test "$RC" -le 2
}

echo "# evaluator limits -> analysis-limit"
{
  echo "$header"
  kernel nested '[triton.Config({"BLOCK": 2 ** (a % 8)}, num_warps=4) for a in range(10 ** 6) for b in range(10 ** 6) for c in range(10 ** 6)]'
} >nested_comprehension.py
lint_case nested_comprehension.py "nested comprehensions over 10**6 x 10**6 x 10**6"
check_stdout_matches "^nested_comprehension\.py:1:1: warning: analysis stopped at a limit: .*(elements|iterations).*\[analysis-limit\]" \
  "nested comprehensions: analysis-limit names the file and the limit"

{
  echo "$header"
  printf 'def forever(n):\n    return forever(n + 1)\n\n\ndef fan(n):\n    return [fan(n + 1) for _ in range(8)]\n'
  kernel recursive 'forever(0) + fan(0)'
} >recursion.py
lint_case recursion.py "unbounded recursion in helpers"
check_stdout_matches "^recursion\.py:1:1: warning: analysis stopped at a limit: call depth limit of 16 reached.*\[analysis-limit\]" \
  "recursion: analysis-limit reports the call depth"

{
  echo "$header"
  printf 'def grow():\n    s = "ab"\n    while True:\n        s = s + s\n    return s\n\n\nTEXT = grow()\n'
  printf 'TILES = [16, 32]\nfor _ in range(10 ** 9):\n    TILES = TILES + TILES\n'
  kernel loops '[triton.Config({"BLOCK": t}, num_warps=4) for t in TILES]'
} >loops.py
lint_case loops.py "endless while loop doubling a string, list doubling 10**9 times"
check_stdout_matches "^loops\.py:1:1: warning: analysis stopped at a limit: .*\[analysis-limit\]" "doubling loops: analysis-limit"

echo "# huge literals and repetitions"
{
  echo "$header"
  printf 'BIG = 10 ** 100000\nHUGE = 2 ** (2 ** 40)\nLONG = "a" * 10 ** 12\nWIDE = [0] * 10 ** 12\nEMPTY = [] * 10 ** 18\n'
  printf 'NOTHING = "" * (2 ** 62)\nWRAP = [0, 0, 0, 0] * (2 ** 62)\nWRAPS = "abcd" * (2 ** 62)\nDIGITS = %s\n' "$(printf '9%.0s' $(seq 1 5000))"
  kernel huge '[triton.Config({"BLOCK": BIG}, num_warps=4), triton.Config({"BLOCK": len(WIDE)}, num_warps=8), triton.Config({"BLOCK": DIGITS}, num_warps=2)] + EMPTY + NOTHING + WRAP'
} >huge_literals.py
lint_case huge_literals.py "10**100000, 2**(2**40), repetitions by 10**12 and 2**62 (overflowing size * count)"

echo "# nesting"
python_stdlib -c 'print("import triton\nX = " + "(" * 100000 + "1" + ")" * 100000)' >deep_parens.py
lint_case deep_parens.py "100000 nested parentheses"
check_stdout_matches "^deep_parens\.py:2:[0-9]+: error: syntax nested deeper than 5000 levels \(analysis limit\).*\[parse-error\]" \
  "100000 nested parentheses: parse-error names the limit"
python_stdlib -c 'print("import triton\nX = " + " + ".join(["1"] * 20000))' >long_chain.py
lint_case long_chain.py "a chain of 20000 additions (left-nested)"
check_stdout_has "long_chain.py:" "a chain of 20000 additions: reported"
python_stdlib -c 'print("import triton\nX = " + "(" * 400 + "1" + ")" * 400 + "\nY = " + " + ".join(["1"] * 400) + "\nZ = " + "[" * 300 + "]" * 300)' >nested_ok.py
lint_case nested_ok.py "400 parentheses, 400 additions, 300 nested lists (under the limit)"
check_stdout_lacks "nested_ok.py" "under the nesting limit nothing is reported"

echo "# large files"
python_stdlib -c '
import sys
sys.stdout.write("import triton\nX = [" + "1," * (5 * 1024 * 1024) + "]\n")' >one_line_10mb.py
lint_case one_line_10mb.py "one line of 10 MB"
check_stdout_matches "^one_line_10mb\.py:1:1: error: file is [0-9]+ bytes; the Python front-end parses files up to 4194304 bytes \(analysis limit\)" \
  "one line of 10 MB: parse-error names the file and the limit"
python_stdlib -c '
import sys
sys.stdout.write("import triton\nX = [" + "1," * (150 * 1024) + "]\n")' >one_line_300kb.py
lint_case one_line_300kb.py "one line of 300 kB (under the limit: parsed)"
check_stdout_lacks "one_line_300kb.py" "one line of 300 kB: parsed, nothing to report"
python_stdlib -c '
import sys
line = "x = [1, 2, 3]  # filler filler filler filler filler filler filler filler\n"
sys.stdout.write("import triton\n" + line * (100 * 1024 * 1024 // len(line)))' >big_100mb.py
lint_case big_100mb.py "a file of 100 MB"
check_stderr_matches "big_100mb\.py: file is [0-9]+ bytes; btlint reads files up to" "a file of 100 MB: an input error names the file"
rm -f big_100mb.py one_line_10mb.py

finish
