#!/bin/bash
# Writes docs/rules/<id>.md and docs/rules/README.md from the rule sources
# (through the built binary, which carries each rule's documentation).
# usage: tools/generate-rule-docs.sh [BTLINT] [OUT_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
btlint=${1:-$root/build/btlint}
out=${2:-$root/docs/rules}
mkdir -p "$out"
rm -f "$out"/*.md
"$btlint" rules --format markdown > "$out/README.md"
"$btlint" rules | awk '{print $1}' | while read -r id; do
  "$btlint" explain "$id" > "$out/$id.md"
done
