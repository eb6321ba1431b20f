#!/bin/bash
# btlint lsp spoken to directly (test/e2e/lib/lsp_protocol_check.py): initialize,
# diagnostics on open and on incremental and full changes, code actions applied
# as edits, .btlint.yaml reloads, unsaved sibling modules, malformed messages,
# shutdown and exit.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"

LAST_COMMAND="python3 test/e2e/lib/lsp_protocol_check.py $BTLINT $WORK"
if timeout 300 python3 "$SOURCE_DIR/test/e2e/lib/lsp_protocol_check.py" "$BTLINT" "$WORK" >"$OUT" 2>"$ERR"; then
  pass "the protocol checks pass"
else
  fail "the protocol checks pass" "$(cat "$OUT" "$ERR")"
fi
grep '^ok - ' "$OUT" | sed 's/^/  /'
finish
