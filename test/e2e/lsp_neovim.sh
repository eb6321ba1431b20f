#!/bin/bash
# btlint lsp driven by a real LSP client: Debian's Neovim (0.7.2 on Debian 12,
# installed by tools/setup.sh test) in headless mode runs test/e2e/lib/lsp_neovim.lua,
# which opens a bad kernel, waits for btlint's diagnostics, applies the
# tile-not-constexpr code action and waits for the diagnostics of the edit,
# then hovers on the other finding, applies "suppress on this line" to it and
# opens a buffer for a file never written.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"

if ! command -v nvim >/dev/null; then
  fail "Neovim is installed" "no nvim on PATH (tools/setup.sh test installs Debian's neovim)"
  finish
fi

mkdir -p "$WORK/proj"
cp "$SOURCE_DIR/test/rules/tile-not-constexpr/fires_unannotated_block.py" "$WORK/proj/kernel.py"
cp "$SOURCE_DIR/test/rules/duplicate-config/fires_literal_repeat.py" "$WORK/proj/tuned.py"
cat "$WORK/proj/tuned.py" >>"$WORK/proj/kernel.py"
printf 'arch: [sm90]\n' >"$WORK/proj/.btlint.yaml"
RESULT=$WORK/result.txt

LAST_COMMAND="nvim --headless -u NONE -c 'luafile test/e2e/lib/lsp_neovim.lua'"
( cd "$WORK/proj" && BTLINT=$BTLINT KERNEL=$WORK/proj/kernel.py RESULT=$RESULT \
    timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile $SOURCE_DIR/test/e2e/lib/lsp_neovim.lua" \
    >"$OUT" 2>"$ERR" </dev/null )
RC=$?
check_rc 0 "nvim exits normally"
if [ ! -f "$RESULT" ]; then
  fail "Neovim wrote what it observed" "no $RESULT; nvim output: $(cat "$OUT" "$ERR")"
  finish
fi
cat "$RESULT" | sed 's/^/  | /'
check_lacks "$RESULT" "LUA-ERROR" "the Lua script ran without error"
check_has "$RESULT" "open tile-not-constexpr 7:54 severity=1 source=btlint \`BLOCK_COLS\` sizes a tile" \
  "Neovim received tile-not-constexpr at 7:54 as an error from btlint"
check_has "$RESULT" "open tile-not-constexpr 16:57 " "and the second kernel's finding"
check_has "$RESULT" "open duplicate-config " "and duplicate-config from the appended autotuned kernel"
check_has "$RESULT" "action declare \`BLOCK_COLS\` as \`tl.constexpr\` (tile-not-constexpr)" \
  "the code action for the fix is offered"
check_has "$RESULT" "line def scale_rows_kernel(x_ptr, out_ptr, n_cols, scale, BLOCK_COLS: tl.constexpr = 1024):" \
  "Neovim applied the fix to the buffer"
check_has "$RESULT" "after-fix tile-not-constexpr 16:57 " "after the edit, the other kernel's finding remains"
check_lacks "$RESULT" "after-fix tile-not-constexpr 7:" "and the fixed one is gone"
check_has "$RESULT" "after-fix duplicate-config " "duplicate-config remains after the edit"
check_has "$RESULT" "hover \`tile-not-constexpr\`: \`BLOCK_N\` sizes a tile in \`rms_norm_kernel\`" "hover shows the finding"
check_has "$RESULT" "hover **tile-not-constexpr**: " "and the rule's explanation"
# The pages next to the binary: docs/rules above a build folder, or
# share/doc/btlint/rules of an installation (the wheel).
rule_pages=$(cd "$(dirname "$BTLINT")" && for d in docs/rules ../docs/rules ../share/doc/btlint/rules; do
  [ -d "$d" ] && { (cd "$d" && pwd); break; }; done)
check_has "$RESULT" "hover [tile-not-constexpr (rule page)](file://$rule_pages/tile-not-constexpr.md)" \
  "and the link to the rule page"
check_has "$RESULT" "):  # btlint: ignore[tile-not-constexpr]" "Neovim applied 'suppress on this line'"
check_lacks "$RESULT" "after-suppress tile-not-constexpr" "and the suppressed finding is gone"
check_has "$RESULT" "after-suppress duplicate-config " "while the others stay"
check_has "$RESULT" "unsaved tile-not-constexpr 7:54 " "a buffer of a file never written is analysed"
check_lacks "$RESULT" "after-suppress still has" "the suppressed finding went away in time"
check_lacks "$RESULT" "unsaved no diagnostics" "the unsaved buffer's diagnostics came in time"
check_has "$RESULT" "stopped" "the client shut the server down"
finish
