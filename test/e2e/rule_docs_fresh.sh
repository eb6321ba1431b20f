#!/bin/bash
# docs/rules must equal what tools/generate-rule-docs.sh writes from the rules.
set -u
btlint=$1 root=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$root/tools/generate-rule-docs.sh" "$btlint" "$tmp" || { echo "FAIL: generator failed"; exit 1; }
if ! diff -r "$root/docs/rules" "$tmp" > "$tmp.diff" 2>&1; then
  echo "FAIL: docs/rules is stale; run tools/generate-rule-docs.sh and commit the result"
  head -40 "$tmp.diff"; rm -f "$tmp.diff"
  exit 1
fi
rm -f "$tmp.diff"
echo "docs/rules is up to date ($(ls "$tmp" | wc -l) pages)"
