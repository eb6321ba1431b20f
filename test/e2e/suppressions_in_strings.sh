#!/bin/bash
# Suppression comments count only in real comments: `# btlint: ignore[...]`
# inside a Python string literal or docstring, or `// btlint:` inside a CUDA
# string or character literal, is text. A `#` after a string on the same line
# is still a comment, and CUDA `/* btlint: ... */` block comments count.
# Runs with --select meta:* so only suppressions decide the findings.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

lint_meta() { run_btlint --no-config --select 'meta:*' "$@"; }

echo "# Python: directives inside strings are text"
cat >strings.py <<'EOF'
"""Module docstring.

Example: x = 1  # btlint: ignore[bogus-in-docstring]
"""
a = "# btlint: ignore[bogus-in-string]"
b = 'it''s # btlint: ignore[bogus-in-single]'
c = f"{a} # btlint: ignore[bogus-in-fstring]"
d = r"\" # btlint: ignore[bogus-in-raw]"
e = '''
# btlint: ignore[bogus-in-triple]
'''
f = "text"  # btlint: ignore[bogus-real-one]
g = "a # b"  # btlint: ignore[bogus-real-two]
h = '\'' # btlint: ignore[bogus-real-three]


def helper():
    """Docstring: # btlint: file-ignore[bogus-in-function-docstring]"""
    return "# btlint: ignore"
EOF
lint_meta strings.py
check_rc 1 "strings.py has findings (the three real comments)"
check_stdout_lacks "bogus-in-" "no directive inside a string literal or docstring is read"
check_stdout_lacks "invalid-suppression" "a bare 'ignore' inside a string is not a malformed directive"
check_stdout_has "strings.py:12:30: error: unknown rule \`bogus-real-one\`" "a comment after a string is read"
check_stdout_has "strings.py:13:31: error: unknown rule \`bogus-real-two\`" "a '#' inside the string before the comment does not hide it"
check_stdout_has "strings.py:14:27: error: unknown rule \`bogus-real-three\`" "an escaped quote does not end the string early"
check_count "$OUT" "strings.py:" 3 "strings.py: exactly the 3 real comments"

echo "# CUDA: string and character literals, line and block comments"
cat >strings.cu <<'EOF'
const char *a = "// btlint: ignore[bogus-in-string]";
const char *b = R"x(// btlint: ignore[bogus-in-raw] )" )x";
char c = '"'; int d = 1'000; // btlint: ignore[bogus-real-line]
/* btlint: ignore[bogus-real-block] */
const char *e = "/* btlint: ignore[bogus-in-string-block] */";
EOF
lint_meta strings.cu
check_stdout_lacks "bogus-in-" "no directive inside a CUDA string literal is read"
check_stdout_has "strings.cu:3:48: error: unknown rule \`bogus-real-line\`" "a // comment after literals is read"
check_stdout_has "strings.cu:4:19: error: unknown rule \`bogus-real-block\`" "a /* */ block comment is read"
check_count "$OUT" "strings.cu:" 2 "strings.cu: exactly the 2 real comments"

finish
