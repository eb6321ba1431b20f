#!/bin/bash
# --collect DIR --results FILE: measurements recorded elsewhere joined with
# DIR's manifest give the report --collect gives with them in DIR, also when
# the manifest they were recorded against (beside FILE) numbered the kernels
# otherwise; results of another tree (a kernel renamed, a config changed)
# are refused with the kernel and config named.
# Usage: collect_results_option.sh BTLINT_BENCH SOURCE_DIR
set -euo pipefail
bench=$1
root=$2
py=${BTLINT_PYTHON:-python3}
recorded="$root/docs/bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/joined" "$work/together"
cp "$recorded/manifest.json" "$work/joined/"
cp "$recorded/manifest.json" "$recorded/results.json" "$work/together/"
"$bench" --collect "$work/together" > /dev/null
# Recorded against an earlier emit whose kernels had other ids (a kernel
# found since shifts them): the manifest beside the results renumbers them.
mkdir -p "$work/earlier"
"$py" - "$recorded" "$work/earlier" <<'PY'
import json
import sys
recorded, earlier = sys.argv[1:3]
manifest = json.load(open(recorded + "/manifest.json"))
results = json.load(open(recorded + "/results.json"))
old_id = {k["id"]: "k%d" % (len(manifest["kernels"]) - i) for i, k in enumerate(manifest["kernels"])}
for kernel in manifest["kernels"]:
    kernel["id"] = old_id[kernel["id"]]
manifest["kernels"].reverse()
for row in results.get("compile", []) + results.get("timing", []):
    row["kernel"] = old_id[row["kernel"]]
for record in results.get("kernels", []):
    record["id"] = old_id[record["id"]]
json.dump(manifest, open(earlier + "/manifest.json", "w"))
json.dump(results, open(earlier + "/results.json", "w"))
PY
for source in "$recorded" "$work/earlier"; do
  "$bench" --collect "$work/joined" --results "$source/results.json" > /dev/null
  # The report names the results' run and their file: otherwise the same.
  if ! diff <(grep -v '^- Run:' "$work/together/report.md") \
            <(grep -v -e '^- Run:' -e '^- Measurements:' "$work/joined/report.md") > /dev/null; then
    echo "FAIL: --results $source/results.json gives another report than results.json in DIR" >&2
    diff "$work/together/report.md" "$work/joined/report.md" | head -20 >&2
    exit 1
  fi
done

expect_refusal() { # FILE TEXT
  if "$bench" --collect "$work/joined" --results "$1" > "$work/out" 2>&1; then
    echo "FAIL: results of another tree accepted ($1)" >&2
    exit 1
  fi
  if ! grep -qF "$2" "$work/out"; then
    echo "FAIL: refusal does not say \"$2\":" >&2
    cat "$work/out" >&2
    exit 1
  fi
}
"$py" - "$recorded/results.json" "$work" <<'PY'
import json
import sys
source, work = sys.argv[1:3]
renamed = json.load(open(source))
renamed["kernels"][0]["name"] = "another_kernel"
json.dump(renamed, open(work + "/renamed.json", "w"))
changed = json.load(open(source))
row = next(r for r in changed["compile"] if r.get("manifest_config") is not None)
row["num_warps"] = row["num_warps"] * 2
json.dump(changed, open(work + "/changed.json", "w"))
PY
expect_refusal "$work/renamed.json" "is \`another_kernel\` there but"
expect_refusal "$work/changed.json" "there but {"
if "$bench" --emit "$work/x" --results "$recorded/results.json" "$root/test" > "$work/out" 2>&1 ||
   ! grep -q -- "--results goes with --collect" "$work/out"; then
  echo "FAIL: --results without --collect accepted" >&2
  exit 1
fi
echo "PASS: --collect --results joins recorded results and refuses another tree's"
