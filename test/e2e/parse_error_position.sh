#!/bin/bash
# parse-error points where Python's own parser does: for a handful of broken
# files, btlint's line is the line `python3 -m py_compile` reports, and where
# tree-sitter's recovery allows it the column too (the first unmatched or
# unclosed bracket, the ':' a header lacks, the end of a dangling operator,
# the first token that cannot start a statement), not the start of the
# region tree-sitter could not parse.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

printf 'import triton\nx = (1, 2\n' >unclosed_paren.py
printf 'import triton\nif x\n    pass\n' >if_without_colon.py
printf 'import triton\ndef f():\n    return 1 +\n' >dangling_operator.py
printf 'import triton\nclass A:\n    def f(self):\n        x = [1, 2\n        y = 3\n' >unclosed_bracket_nested.py
printf 'import triton\n\n\ndef f(:\n    pass\n' >bad_parameters.py
printf 'import triton\na = 1\nb = = 2\nc = 3\n' >double_equals.py
printf 'import triton\n\ndef g():\n    x = 1\n    y = )\n    return x\n' >unmatched_paren.py
printf 'import triton\nfor i in range(3)\n    print(i)\n' >for_without_colon.py
printf 'import triton\nfoo(1 2)\n' >missing_comma.py
printf 'import triton\n\n@triton.jit\ndef k(x):\n    a = x +* 2\n    return a\n' >operator_pair.py

# "LINE COL" of Python's SyntaxError for a file.
python_position() {
  python3 - "$1" <<'EOF'
import sys
try:
    compile(open(sys.argv[1]).read(), sys.argv[1], "exec")
except SyntaxError as e:
    print(e.lineno, e.offset)
EOF
}

for f in unclosed_paren if_without_colon dangling_operator unclosed_bracket_nested bad_parameters \
         double_equals unmatched_paren for_without_colon missing_comma operator_pair; do
  read -r line col < <(python_position "$f.py")
  [[ -n "$line" ]] || { fail "$f.py: python3 reports a syntax error" "it compiled"; continue; }
  run_btlint --no-config --select parse-error "$f.py"
  first=$(grep -m1 "\[parse-error\]" "$OUT" | cut -d: -f2,3)
  if [[ "${first%%:*}" == "$line" ]]; then pass "$f.py: line $line as py_compile"
  else fail "$f.py: line $line as py_compile" "btlint: ${first:-nothing}"; fi
  case $f in
    missing_comma|operator_pair) ;; # tree-sitter recovers around a different token
    *) if [[ "$first" == "$line:$col" ]]; then pass "$f.py: column $col as py_compile"
       else fail "$f.py: $line:$col as py_compile" "btlint: $first"; fi ;;
  esac
done

run_btlint --no-config --select parse-error unclosed_paren.py unmatched_paren.py if_without_colon.py
check_stdout_has "unclosed_paren.py:2:5: error: syntax error: '(' was never closed" "an unclosed bracket is named"
check_stdout_has "unmatched_paren.py:5:9: error: syntax error: unmatched ')'" "an unmatched bracket is named"
check_stdout_has "if_without_colon.py:2:5: error: syntax error: expected ':'" "a header without ':' is named"

finish
