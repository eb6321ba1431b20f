#!/bin/bash
# Regenerates the .expected files of the named rules (all when none); review
# the diff with `git diff test/rules` before committing.
# usage: tools/update-fixtures.sh [BUILD_DIR] [RULE...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}; shift || true
rules=("$@")
[ ${#rules[@]} -eq 0 ] && rules=($(ls "$root/test/rules"))
for rule in "${rules[@]}"; do
  "$root/test/run-fixtures.sh" "$build/btlint" "$root/test/rules/$rule" --update
done
