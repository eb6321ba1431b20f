#!/bin/bash
# Findings on a kernel file linted alone (as pre-commit and editors pass it)
# equal its findings when its whole project is linted, for every kernel file
# of docs/examples and of each multi-file fixture project under test/rules
# (tools/alone-equals-whole.py; docs/validation.md records it on public
# repositories).
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

trees=("$SOURCE_DIR/docs/examples")
while IFS= read -r tree; do
  grep -rqlE --include='*.py' '@(triton\.)?(jit|autotune)' "$tree" && trees+=("$tree")
done < <(find "$SOURCE_DIR/test/rules" -mindepth 2 -maxdepth 2 -type d | sort)
python3 "$SOURCE_DIR/tools/alone-equals-whole.py" "$BTLINT" "${trees[@]}" >"$OUT" 2>"$ERR"
RC=$?
check_rc 0 "every kernel file of ${#trees[@]} projects has the same findings alone as whole"
check_stdout_lacks "DIFFERS" "no file differs"
check_count "$OUT" "kernel files" "${#trees[@]}" "one line per project"
finish
