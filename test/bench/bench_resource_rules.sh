#!/usr/bin/env bash
# What the resource model costs on a whole-corpus run: btlint on the kernels
# that test/bench/gen_kernels.py generates, for --arch sm80,sm90, once with
# every rule and once with the rules that run the shared-memory and register
# estimators ignored (smem-over-budget, register-spill-risk, low-occupancy,
# all-configs-pruned, num-ctas-unsupported). Single-threaded (-j1); each
# variant runs R times, alternating, and the fastest run of each is compared,
# in wall-clock and in CPU time. Prints both and the overhead; fails when the
# CPU overhead is above --max-percent (default 5).
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

count_findings() {
  "$btlint" --no-config -j1 --arch sm80,sm90 --format json --select "$resource_rules" "$work/src" 2> /dev/null |
    "$python" -c 'import json, sys, collections; c = collections.Counter(d["rule"] for d in json.load(sys.stdin)); print(", ".join(f"{k} {v}" for k, v in sorted(c.items())) or "none")' || true
}

echo "files: $files generated kernels (test/bench/gen_kernels.py), --arch sm80,sm90, -j1, best of $repeats"
echo "resource-rule findings: $(count_findings)"
# Both variants alternate; the best wall-clock time and the best CPU time
# (user + system of the btlint process, less sensitive to other load on the
# machine) of each are compared. The CPU overhead decides the exit status.
"$python" - "$btlint" "$work/src" "$repeats" "$max_percent" "$resource_rules" <<'EOF'
import resource, subprocess, sys, time
btlint, src, repeats, limit, rules = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
command = [btlint, "--no-config", "-j1", "--arch", "sm80,sm90", "--format", "json", src]

def run_once(extra):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    status = subprocess.run(command + extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status > 1:
        sys.exit(f"btlint failed (exit {status})")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

best = {"with": [float("inf")] * 2, "without": [float("inf")] * 2}
for _ in range(repeats):
    for name, extra in (("with", []), ("without", ["--ignore", rules])):
        for i, value in enumerate(run_once(extra)):
            best[name][i] = min(best[name][i], value)
(wall_with, cpu_with), (wall_without, cpu_without) = best["with"], best["without"]
wall_overhead = 100.0 * (wall_with - wall_without) / wall_without
cpu_overhead = 100.0 * (cpu_with - cpu_without) / cpu_without
print(f"wall: all rules {wall_with:.3f} s; without the resource rules {wall_without:.3f} s; "
      f"ratio {wall_with / wall_without:.4f} ({wall_overhead:+.2f}%)")
print(f"CPU:  all rules {cpu_with:.3f} s; without the resource rules {cpu_without:.3f} s; "
      f"ratio {cpu_with / cpu_without:.4f} ({cpu_overhead:+.2f}%)")
print(f"the resource model adds {cpu_overhead:+.2f}% CPU (limit {limit:g}%)")
sys.exit(0 if cpu_overhead <= limit else 1)
EOF
