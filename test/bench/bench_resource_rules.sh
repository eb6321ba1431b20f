#!/usr/bin/env bash
# What the resource model costs on a whole-corpus run: btlint on the kernels
# that test/bench/gen_kernels.py generates, for --arch sm80,sm90, once with
# every rule and once with the rules that run the shared-memory and register
# estimators ignored (smem-over-budget, register-spill-risk, low-occupancy,
# all-configs-pruned, num-ctas-unsupported). Single-threaded (-j1); each
# variant runs R times, alternating, and the fastest run of each is compared.
# Prints both times and the overhead; fails when the overhead is above
# --max-percent (default 5).
#
# Usage: test/bench/bench_resource_rules.sh BTLINT [--files N] [--repeats R] [--max-percent P]
# Environment: PYTHON (default python3).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
btlint="${1:?usage: bench_resource_rules.sh BTLINT [--files N] [--repeats R] [--max-percent P]}"
shift
files=1000 repeats=5 max_percent=5
while (($#)); do
  case "$1" in
    --files) files="$2"; shift 2 ;;
    --repeats) repeats="$2"; shift 2 ;;
    --max-percent) max_percent="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -x "$btlint" ]] || { echo "no btlint at $btlint" >&2; exit 2; }
python="${PYTHON:-python3}"
resource_rules="smem-over-budget,register-spill-risk,low-occupancy,all-configs-pruned,num-ctas-unsupported"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" "$root/test/bench/gen_kernels.py" "$work/src" "$files" > /dev/null

# Seconds of one run (wall clock, nanosecond timer).
run_once() {
  local start end status
  start=$(date +%s%N)
  status=0
  "$btlint" --no-config -j1 --arch sm80,sm90 --format json "$@" "$work/src" > "$work/out.json" 2> /dev/null || status=$?
  end=$(date +%s%N)
  ((status <= 1)) || { echo "btlint failed (exit $status)" >&2; exit 2; }
  echo $(((end - start) / 1000))
}

count_findings() {
  "$btlint" --no-config -j1 --arch sm80,sm90 --format json --select "$resource_rules" "$work/src" 2> /dev/null |
    "$python" -c 'import json, sys, collections; c = collections.Counter(d["rule"] for d in json.load(sys.stdin)); print(", ".join(f"{k} {v}" for k, v in sorted(c.items())) or "none")' || true
}

best_with=0 best_without=0
for ((i = 0; i < repeats; i++)); do
  with=$(run_once)
  without=$(run_once --ignore "$resource_rules")
  ((best_with == 0 || with < best_with)) && best_with=$with
  ((best_without == 0 || without < best_without)) && best_without=$without
done

echo "files: $files generated kernels (test/bench/gen_kernels.py), --arch sm80,sm90, -j1, best of $repeats"
echo "resource-rule findings: $(count_findings)"
"$python" - "$best_with" "$best_without" "$max_percent" <<'EOF'
import sys
with_us, without_us, limit = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
overhead = 100.0 * (with_us - without_us) / without_us
print(f"all rules: {with_us / 1e6:.3f} s; without the resource rules: {without_us / 1e6:.3f} s")
print(f"ratio {with_us / without_us:.4f}: the resource model adds {overhead:+.2f}% (limit {limit:g}%)")
sys.exit(0 if overhead <= limit else 1)
EOF
