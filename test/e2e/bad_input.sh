#!/bin/bash
# Bad input: each bad file gets one clear message naming it (with line:col
# where there is one), the readable files are still linted, nothing hangs or
# crashes, and the exit status is 2.
# Tests run as root, for whom chmod 000 changes nothing: unreadable entries
# are made as a FIFO, a broken symbolic link and a symbolic link loop instead.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

# A readable file with a finding that does not depend on any kernel rule.
write_good_file() { printf 'total = 0  # btlint: ignore[no-such-rule]\n' >"$1"; }
good_finding="error: unknown rule \`no-such-rule\` in suppression [unknown-rule]"

mkdir tree
write_good_file tree/good.py
mkfifo tree/pipe.py
ln -s does-not-exist.py tree/broken_link.py
ln -s self_loop.py tree/self_loop.py
printf 'import triton\n\0\1\2binary\n' >tree/binary.py
# A Latin-1 e-acute at line 3, column 12: not UTF-8.
printf 'x = 1\ny = 2\nname = "caf\xe9"\n' >tree/latin1.py
truncate -s 40M tree/huge.py
: >tree/empty.py
printf '\xef\xbb\xbfx = 1  # btlint: ignore[no-such-rule]\n' >tree/with_bom.py

# expect_rest_completed: the good file's finding is on stdout and the run ended with 2.
expect_rest_completed() {
  check_rc 2 "$1: exit status for an input error"
  check_stdout_has "good.py:1:29: $good_finding" "$1: the readable file is still linted"
}

echo "# each bad file named on the command line"
run_btlint --no-config tree/good.py missing.py
expect_rest_completed "missing path"
check_stderr_matches "missing\.py: .*(No such file|not found|does not exist)" "missing path: the message names the file"

run_btlint --no-config tree/good.py tree/pipe.py
expect_rest_completed "FIFO"
check_stderr_matches "tree/pipe\.py: .*not a regular file" "FIFO: the message names the file"

run_btlint --no-config tree/good.py tree/broken_link.py
expect_rest_completed "broken symbolic link"
check_stderr_matches "tree/broken_link\.py: .*(broken|symbolic link)" "broken symbolic link: the message names the file"

run_btlint --no-config tree/good.py tree/self_loop.py
expect_rest_completed "symbolic link loop"
check_stderr_matches "tree/self_loop\.py: .*(loop|symbolic link)" "symbolic link loop: the message names the file"

run_btlint --no-config tree/good.py tree/binary.py
expect_rest_completed "binary file"
check_stderr_matches "tree/binary\.py: .*binary" "binary file: the message names the file and says binary"

run_btlint --no-config tree/good.py tree/latin1.py
expect_rest_completed "non-UTF-8 file"
check_stderr_matches "tree/latin1\.py: ?3:12: .*UTF-8" "non-UTF-8 file: the message gives file and line:col of the bad byte"

run_btlint --no-config tree/good.py tree/huge.py
expect_rest_completed "huge file"
check_stderr_matches "tree/huge\.py: .*41943040 bytes.*33554432" "huge file: the message gives the size and the limit"

printf 'notes\n' >notes.txt
run_btlint --no-config tree/good.py notes.txt
expect_rest_completed "unsupported file type"
check_stderr_matches "notes\.txt: .*unsupported file type" "unsupported file type: the message names the file"

echo "# harmless odd files are not errors"
run_btlint --no-config tree/empty.py
check_rc 0 "an empty file"
check_stderr_empty "an empty file: no message"
run_btlint --no-config tree/with_bom.py
check_rc 1 "a file starting with a UTF-8 byte order mark is linted"
check_stdout_has "with_bom.py:1:25: $good_finding" "byte order mark: columns count from after it"

echo "# all of them at once, found by walking the folder"
run_btlint --no-config tree
check_rc 2 "a folder with every kind of bad file"
check_stdout_has "tree/good.py:1:29: $good_finding" "the readable file in the folder is linted"
for bad in pipe.py broken_link.py self_loop.py binary.py latin1.py huge.py; do
  check_stderr_has "tree/$bad" "walking the folder reports tree/$bad"
done
check_stderr_lacks "empty.py" "walking the folder does not report the empty file"
check_count "$ERR" "tree/" 6 "one message per bad file, none twice"

echo "# a folder symlink loop, followed"
mkdir -p loop/inner
write_good_file loop/inner/good.py
ln -s .. loop/inner/parent
ln -s inner loop/inner_again
run_btlint --no-config --follow-symlinks loop
check "a folder symlink loop is walked without hanging" test "$RC" -le 2
check_count "$OUT" "good.py:1:29:" 1 "the file under the loop is linted exactly once"
run_btlint --no-config loop
check_rc 1 "symlinked folders are not entered by default"
check_count "$OUT" "good.py:1:29:" 1 "without --follow-symlinks the file is linted once"

echo "# bad input with machine-readable output: the output stays well-formed"
run_btlint --no-config --format json tree
check_rc 2 "json output with bad files"
check "json output is one valid JSON array" python_stdlib -c 'import json,sys; assert isinstance(json.load(open(sys.argv[1])), list)' "$OUT"

finish
