#!/bin/bash
# btlint-bench through a Ray cluster (run.py --ray, btbench_ray.py) without a
# GPU: a local cluster started on this machine's CPUs compiles the same
# configs as the local process pool and must give the same results (status,
# shared memory, registers, spills, per config and arch); then btlint tune's
# passes run in actors on two GPUs declared to Ray, with the stand-in worker
# (test/bench-runner/tune/fake_tune_worker.py), and must give the rows of the
# local pools. Prints both compile throughputs and their ratio.
# Usage: ray_cluster.sh BTLINT_BENCH SOURCE_DIR
set -euo pipefail
bench=$1
root=$2
py=${BTLINT_PYTHON:-python3}
if ! "$py" -c "import ray, triton" 2>/dev/null; then
  echo "FAIL: $py cannot import ray and triton (tools/setup.sh test installs test/requirements.txt)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/h" --findings test/bench-runner/findings.json --arch sm80,sm90 --no-config >/dev/null
export RAY_USAGE_STATS_ENABLED=0 RAY_ENABLE_UV_RUN_RUNTIME_ENV=0
"$py" "$work/h/run.py" --compile-only --jobs 2 --out "$work/local.json" 2>"$work/local.log"
"$py" "$work/h/run.py" --compile-only --jobs 2 --ray local --out "$work/ray.json" 2>"$work/ray.log" ||
  { cat "$work/ray.log" >&2; exit 1; }
"$bench" --emit "$work/t" --all --tune test/bench-runner/tune >/dev/null
fake="$py $root/test/bench-runner/tune/fake_tune_worker.py $work/t"
"$py" "$work/t/run.py" --tune --gpus 2 --jobs 2 --worker-command "$fake" --out "$work/tune_local.json" 2>/dev/null
"$py" "$work/t/run.py" --tune --gpus 2 --jobs 2 --ray local --worker-command "$fake" \
  --out "$work/tune_ray.json" 2>"$work/tune_ray.log" || { cat "$work/tune_ray.log" >&2; exit 1; }
"$py" - "$work" <<'PY'
import json
import sys
work = sys.argv[1]
local, ray = (json.load(open(f"{work}/{name}.json")) for name in ("local", "ray"))
keys = ("status", "shared_bytes", "regs", "spill_store_bytes", "spill_load_bytes")
def rows(results):
    return {(r["kernel"], r["config"], r["arch"]): tuple(r.get(k) for k in keys) for r in results["compile"]}
problems = []
a, b = rows(local), rows(ray)
if not a:
    problems.append("the local pool compiled nothing")
if a != b:
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            problems.append(f"{key}: local {a.get(key)} Ray {b.get(key)}")
if ray["compile_summary"].get("pool") != "ray":
    problems.append("the Ray run did not use the Ray pool")
tl, tr = (json.load(open(f"{work}/{name}.json")) for name in ("tune_local", "tune_ray"))
strip = lambda row: {k: v for k, v in row.items() if k not in ("node", "gpu")}  # noqa: E731
if [strip(r) for r in tl["rows"]] != [strip(r) for r in tr["rows"]]:
    problems.append("btlint tune's rows through Ray differ from the local pools'")
if {r["gpu"] for r in tr["rows"]} != {0, 1}:
    problems.append("the tune rows did not spread over both GPU actors")
if problems:
    print("FAIL:\n  " + "\n  ".join(problems[:20]), file=sys.stderr)
    sys.exit(1)
rate = lambda s: s["tasks"] / s["wall_seconds"]  # noqa: E731
ls, rs = local["compile_summary"], ray["compile_summary"]
print(f"PASS: {len(a)} configs compiled alike; local pool {rate(ls):.2f} configs/s, Ray {rate(rs):.2f} "
      f"({rate(rs) / rate(ls):.2f}x, cluster start not counted); {len(tr['rows'])} tune rows alike over 2 actors")
PY
