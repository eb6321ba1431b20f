#!/usr/bin/env bash
# What the resource model costs on a whole-corpus run: btlint on the kernels
# that test/bench/gen_kernels.py generates, for --arch sm80,sm90, once with
# every rule and once with the rules that run the shared-memory and register
# estimators ignored (smem-over-budget, register-spill-risk, low-occupancy,
# all-configs-pruned, num-ctas-unsupported). Single-threaded (-j1); each
# variant runs R times, in pairs (details below). Fails when the overhead is
# above --max-percent (default 5).
#
# Usage: test/bench/bench_resource_rules.sh BTLINT [--files N] [--repeats R] [--max-percent P] [--instructions N] [--perf]
# --perf: with Linux perf installed, also samples one all-rules run over the
# N files (CPU clock, DWARF call stacks) and prints the share of samples
# inside the resource rules, as a percentage of the rest of the run: a time
# measure that host speed swings move little, since they slow both parts
# of the same run alike.
# Environment: PYTHON (default python3).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
btlint="${1:?usage: bench_resource_rules.sh BTLINT [--files N] [--repeats R] [--max-percent P]}"
shift
files=1000 repeats=5 max_percent=5 instructions=0 perf_share=0
while (($#)); do
  case "$1" in
    --files) files="$2"; shift 2 ;;
    --repeats) repeats="$2"; shift 2 ;;
    --max-percent) max_percent="$2"; shift 2 ;;
    --instructions) instructions="$2"; shift 2 ;;
    --perf) perf_share=1; shift ;;
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

echo "files: $files generated kernels (test/bench/gen_kernels.py), --arch sm80,sm90, -j1, $repeats pairs"
echo "resource-rule findings: $(count_findings)"
# The two variants run in pairs, back to back, in alternating order. A VM's
# speed can change by half between one second and the next, so besides the
# best CPU time (user + system) of each variant the bench prints the median
# of the per-pair ratios, which such swings move least. With valgrind
# installed, --instructions N also runs both variants on the first N files
# under cachegrind's cache simulation, which no load on the machine changes:
# instructions, and estimated cycles (instructions + 10 per first-level miss
# + 100 per last-level miss, cachegrind's usual cost model), so that a cost
# in cache misses rather than instructions still shows. The estimated cycles
# decide the exit status when counted (on a VM where identical runs differ
# by 40% in CPU time, a 5% gate on CPU time measures the host), else the
# median CPU pair.
if ((perf_share)) && command -v perf > /dev/null; then
  perf record -q -e cpu-clock -F 3000 --call-graph dwarf,16384 -o "$work/perf.data" \
    "$btlint" --no-config -j1 --arch sm80,sm90 --format json "$work/src" > /dev/null 2>&1 || true
  perf script -i "$work/perf.data" -F ip,sym 2> /dev/null | "$python" -c '
import sys
rules = ("judgeConfigUses", "AllConfigsPruned::", "SmemOverBudget::", "RegisterSpillRisk::", "LowOccupancy::",
         "NumCtasUnsupported::", "explainTritonConfig")
total = inside = 0
stack = []
for line in list(sys.stdin) + [""]:
    if line.strip():
        stack.append(line)
        continue
    if stack:
        total += 1
        inside += any(any(r in frame for r in rules) for frame in stack)
        stack = []
if total:
    print(f"CPU samples (perf): {inside} of {total} inside the resource rules, "
          f"{100.0 * inside / (total - inside):+.2f}% of the rest of the run")
'
  rm -f "$work/perf.data"
fi
"$python" - "$btlint" "$work/src" "$repeats" "$max_percent" "$resource_rules" "$instructions" <<'EOF'
import os, shutil, statistics, subprocess, sys, tempfile
btlint, src, repeats, limit, rules, instructions = sys.argv[1:7]
repeats, limit, instructions = int(repeats), float(limit), int(instructions)
command = [btlint, "--no-config", "-j1", "--arch", "sm80,sm90", "--format", "json"]
ignore = ["--ignore", rules]

def cpu_seconds(args):
    null = os.open(os.devnull, os.O_WRONLY)
    pid = os.posix_spawn(args[0], args, os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
    _, status, usage = os.wait4(pid, 0)
    os.close(null)
    if os.waitstatus_to_exitcode(status) > 1:
        sys.exit(f"btlint failed ({status})")
    return usage.ru_utime + usage.ru_stime

with_times, without_times = [], []
for i in range(repeats):
    order = [(with_times, []), (without_times, ignore)]
    for times, extra in (order if i % 2 == 0 else order[::-1]):
        times.append(cpu_seconds(command + extra + [src]))
ratios = [w / o for w, o in zip(with_times, without_times)]
best_with, best_without = min(with_times), min(without_times)
median_overhead = 100.0 * (statistics.median(ratios) - 1)
print(f"CPU best:  all rules {best_with:.3f} s; without the resource rules {best_without:.3f} s "
      f"({100.0 * (best_with - best_without) / best_without:+.2f}%)")
print(f"CPU pairs: median ratio {statistics.median(ratios):.4f} ({median_overhead:+.2f}%), "
      f"ratios from {min(ratios):.2f} to {max(ratios):.2f}")
if instructions > 0 and shutil.which("valgrind"):
    subset = tempfile.mkdtemp()
    for name in sorted(os.listdir(src))[:instructions]:
        shutil.copy(os.path.join(src, name), subset)
    # Valgrind 3.19 cannot read the debug information of the statically linked
    # btlint: count a copy without it (the symbols stay).
    counted = command
    if shutil.which("objcopy"):
        stripped = os.path.join(tempfile.mkdtemp(), "btlint")
        if subprocess.run(["objcopy", "--strip-debug", btlint, stripped]).returncode == 0:
            counted = [stripped] + command[1:]
    def count(extra):
        out = os.path.join(subset, "cachegrind.out")
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", f"--cachegrind-out-file={out}"] +
                             counted + extra + [subset], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        os.remove(out)
        def total(label):  # "==1== D1  misses:  5,042,165  (3,916,111 rd + ...)"
            line = next(l for l in run.stderr.splitlines() if label in l)
            return int(line.split(label, 1)[1].split()[0].replace(",", ""))
        ir = total("I   refs:")
        l1 = total("I1  misses:") + total("D1  misses:")
        return ir, ir + 10 * l1 + 100 * total("LL misses:")
    (with_ir, with_cycles), (without_ir, without_cycles) = count([]), count(ignore)
    print(f"instructions on {instructions} files: all rules {with_ir:,}; without {without_ir:,} "
          f"({100.0 * (with_ir - without_ir) / without_ir:+.2f}%)")
    cycles_overhead = 100.0 * (with_cycles - without_cycles) / without_cycles
    print(f"estimated cycles on {instructions} files: all rules {with_cycles:,}; without {without_cycles:,} "
          f"({cycles_overhead:+.2f}%)")
    shutil.rmtree(subset)
    print(f"the resource model adds {cycles_overhead:+.2f}% (estimated cycles; limit {limit:g}%); "
          f"{median_overhead:+.2f}% CPU, median of pairs")
    sys.exit(0 if cycles_overhead <= limit else 1)
print(f"the resource model adds {median_overhead:+.2f}% CPU (median of pairs; limit {limit:g}%)")
sys.exit(0 if median_overhead <= limit else 1)
EOF
