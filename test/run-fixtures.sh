#!/bin/bash
# Runs every fixture of one rule folder and compares btlint's output with the
# .expected file beside it. usage: run-fixtures.sh BTLINT RULE_DIR [--update]
#   <case>.py|.cu|.yaml  one file, run as `btlint --select RULE --arch sm90 <case>`
#   <case>/              a folder of files, run as a directory (its own
#                        .btlint.yaml, if any, applies; no other does)
#   first line `# btlint-test: ARGS` (or `// btlint-test:`) adds arguments;
#   an --arch there replaces the default. A case whose first file holds
#   `btlint-test-skip-when-sanitized` is left out under the sanitizers
#   (BTLINT_SANITIZED=1): it crashes on purpose, and ASan cannot go on.
# Every rule folder needs fires_*, silent_* and boundary_* cases.
set -u
btlint=$1 dir=$2 update=${3:-}
rule=$(basename "$dir")
failures=0 cases=0
declare -A kinds=()
cd "$dir" || exit 1
for case_path in *; do
  case "$case_path" in *.expected|*.md) continue ;; esac
  name=${case_path%.*}
  [ -d "$case_path" ] && name=$case_path
  kind=${name%%_*}
  case "$kind" in fires|silent|boundary) kinds[$kind]=1 ;; *) echo "FAIL $rule/$case_path: case names start with fires_, silent_ or boundary_"; failures=$((failures+1)); continue ;; esac
  first_file=$case_path
  [ -d "$case_path" ] && first_file=$(find "$case_path" -type f | sort | head -1)
  if [ -n "${BTLINT_SANITIZED:-}" ] && grep -q "btlint-test-skip-when-sanitized" "$first_file"; then
    echo "skip $rule/$case_path: crashes on purpose (sanitizer build)"
    continue
  fi
  args=$(head -1 "$first_file" | sed -n 's/^\(#\|\/\/\) *btlint-test: *//p')
  arch_args=(--arch sm90)
  case " $args " in *" --arch "*|*" --arch="*) arch_args=() ;; esac
  # shellcheck disable=SC2086
  # The repository's own configs never apply; a case folder may hold its own.
  config_args=(--no-config)
  [ -f "$case_path/.btlint.yaml" ] && config_args=()
  # Paths btlint names from the project's top (a build file a note cites)
  # are shown from the rule folder, as a checkout without .git names them.
  actual=$("$btlint" "${config_args[@]}" --color=false --select "$rule" "${arch_args[@]}" $args "$case_path" 2>&1 |
    sed "s#test/rules/$rule/##g")
  cases=$((cases+1))
  if [ "$update" = "--update" ]; then
    printf '%s' "$actual" > "$name.expected"; [ -n "$actual" ] && echo >> "$name.expected"
    continue
  fi
  expected=$(cat "$name.expected" 2>/dev/null) || { echo "FAIL $rule/$case_path: no $name.expected"; failures=$((failures+1)); continue; }
  if [ "$actual" != "$expected" ]; then
    echo "FAIL $rule/$case_path"
    diff <(echo "$expected") <(echo "$actual") | sed 's/^/    /'
    failures=$((failures+1))
  fi
done
if [ "$update" != "--update" ]; then
  for kind in fires silent boundary; do
    [ -n "${kinds[$kind]:-}" ] || { echo "FAIL $rule: no ${kind}_ case"; failures=$((failures+1)); }
  done
fi
echo "$rule: $cases cases, $failures failed"
[ "$failures" -eq 0 ]
