#!/usr/bin/env bash
# Compile confirmation through a Ray cluster against the local process pool
# (issue target: at least 0.8x its throughput): the same configs of the tune
# verification suite (test/bench-runner/tune, --kernels to choose) compiled
# for sm90 on the CPU by `run.py --compile-only`, once with the local pool
# and once with `--ray local` (a cluster started on this machine with the
# same --jobs), alternating, each R times; prints configs per second of each
# (the median run), the ratio, and the Ray cluster's start-up apart.
#
# Usage: test/bench/bench_ray_compile.sh [--repeats R] [--jobs J] [--kernels k1,k3]
# Environment: BTLINT_BENCH (default build/btlint-bench), PYTHON (default .venv/bin/python).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bench="${BTLINT_BENCH:-$root/build/btlint-bench}"
python="${PYTHON:-$root/.venv/bin/python}"
repeats=3 jobs=2 kernels=k1,k3
while (($#)); do
  case "$1" in
    --repeats) repeats="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --kernels) kernels="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/h" --all --tune test/bench-runner/tune >/dev/null
export RAY_USAGE_STATS_ENABLED=0
for ((i = 0; i < repeats; i++)); do
  # A fresh Triton cache each run: a cached binary is no compile.
  TRITON_CACHE_DIR="$work/cache-local-$i" "$python" "$work/h/run.py" --compile-only --archs sm90 --jobs "$jobs" \
    --kernels "$kernels" --out "$work/local-$i.json" 2>/dev/null
  start=$(date +%s.%N)
  TRITON_CACHE_DIR="$work/cache-ray-$i" "$python" "$work/h/run.py" --compile-only --archs sm90 --jobs "$jobs" \
    --kernels "$kernels" --ray local --out "$work/ray-$i.json" 2>/dev/null
  echo "$start $(date +%s.%N)" >"$work/ray-$i.wall"
done
"$python" - "$work" "$repeats" <<'PY'
import json
import statistics
import sys
work, repeats = sys.argv[1], int(sys.argv[2])
def runs(kind):
    out = []
    for i in range(repeats):
        s = json.load(open(f"{work}/{kind}-{i}.json"))["compile_summary"]
        out.append((s["tasks"] / s["wall_seconds"], s["tasks"], s["statuses"]))
    return out
local, ray = runs("local"), runs("ray")
walls = []
for i in range(repeats):
    a, b = map(float, open(f"{work}/ray-{i}.wall").read().split())
    walls.append(b - a)
l = statistics.median(r[0] for r in local)
r = statistics.median(r[0] for r in ray)
print(f"configs per run: {local[0][1]} ({local[0][2]}); repeats {repeats}")
print(f"local pool: {l:.2f} configs/s (median)")
print(f"Ray (local cluster): {r:.2f} configs/s (median; the compile phase, cluster start and worker imports"
      f" inside it except the start)")
print(f"ratio Ray / local: {r / l:.2f} (target at least 0.80)")
print(f"whole Ray command, start included: median {statistics.median(walls):.1f} s")
PY
