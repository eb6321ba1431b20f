#!/bin/bash
# Each file uses its nearest .btlint.yaml, found by walking up from the file's
# folder (as ruff finds pyproject.toml), not the config of the first path:
# two subprojects with different configs linted in one run keep their own
# select/ignore and exclude; a file above both uses the top config; --config
# forces one config for all; an error in a nested config is reported with
# file:line:col and exit status 2, and the findings are still printed.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir -p repo/alpha/gen repo/beta
line='total = 0  # btlint: ignore[no-such-rule]\n'
printf "$line" >repo/top.py
printf "$line" >repo/alpha/a.py
printf "$line" >repo/alpha/gen/skipped.py
printf "$line" >repo/beta/b.py
# Top: everything on. alpha: unknown-rule off, gen/ excluded. beta: unknown-rule a note.
printf 'select: ["meta:*"]\n' >repo/.btlint.yaml
printf 'select: ["meta:*"]\nignore: [unknown-rule]\nexclude: [gen]\n' >repo/alpha/.btlint.yaml
printf 'select: ["meta:*"]\nrules:\n  unknown-rule: {severity: note}\n' >repo/beta/.btlint.yaml

echo "# one run over both subprojects"
run_btlint repo/alpha repo/beta repo/top.py
check_stdout_lacks "repo/alpha/a.py" "alpha's own config ignores unknown-rule (the first path's config is not applied to beta)"
check_stdout_lacks "skipped.py" "alpha's exclude applies under alpha"
check_stdout_has "repo/beta/b.py:1:29: note: unknown rule \`no-such-rule\`" "beta's own config makes unknown-rule a note"
check_stdout_has "repo/top.py:1:29: error: unknown rule \`no-such-rule\`" "a file above both uses the top config"

echo "# the order of the paths does not matter"
run_btlint repo/beta repo/alpha repo/top.py
cp "$OUT" order2.out
run_btlint repo/alpha repo/beta repo/top.py
check_same_file "$OUT" order2.out "same findings whichever path comes first"

echo "# from the repository root"
run_btlint repo
check_stdout_lacks "repo/alpha/a.py" "from the root: alpha keeps its config"
check_stdout_has "repo/beta/b.py:1:29: note:" "from the root: beta keeps its config"
check_stdout_has "repo/top.py:1:29: error:" "from the root: the top config for top.py"

echo "# --config forces one config"
run_btlint --config repo/.btlint.yaml repo
check_stdout_has "repo/alpha/a.py:1:29: error:" "--config: alpha's config is not read"
check_stdout_has "repo/alpha/gen/skipped.py:1:29: error:" "--config: alpha's exclude is not read"
check_stdout_has "repo/beta/b.py:1:29: error:" "--config: beta's config is not read"

echo "# a broken nested config"
printf 'select: ["meta:*"]\nignore: [no-such-rule-id]\n' >repo/beta/.btlint.yaml
run_btlint repo
check_rc 2 "an error in a nested config is a usage error"
check_stderr_has "repo/beta/.btlint.yaml:2:10: error: unknown rule \`no-such-rule-id\`" "the nested config's error has file:line:col"
check_stdout_has "repo/beta/b.py:1:29: error: unknown rule \`no-such-rule\`" "the broken config's files are still linted, with what it sets validly"
check_stdout_has "repo/top.py:1:29: error:" "the other files are linted as before"
check_stdout_lacks "repo/alpha/a.py" "the other configs still apply"
check_count "$ERR" "beta/.btlint.yaml" 1 "the nested config's error is reported once"

finish
