#!/bin/bash
# The timing path over several GPUs without a GPU: the tune suite's bench
# specs timed by a stand-in worker (fake_timing_worker.py: deterministic
# times) on two GPUs, with the local pools (each worker pinned by
# CUDA_VISIBLE_DEVICES) and through a Ray cluster started here with two GPUs
# declared. Every launch must be timed once, name its GPU, spread over both
# GPUs, carry the same time both ways; the spread check must time its
# configs on both GPUs.
# Usage: multi_gpu_timing.sh BTLINT_BENCH SOURCE_DIR
set -euo pipefail
bench=$1
root=$2
py=${BTLINT_PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/h" --all test/bench-runner/tune >/dev/null
fake="$py $root/test/bench-runner/fake_timing_worker.py $work/h"
export RAY_USAGE_STATS_ENABLED=0
"$py" "$work/h/run.py" --no-compile --gpus 2 --gpu-spread 4 --worker-command "$fake" --kernels k1,k3 \
  --out "$work/local.json" 2>"$work/local.log" || { cat "$work/local.log" >&2; exit 1; }
"$py" "$work/h/run.py" --no-compile --gpus 2 --gpu-spread 4 --worker-command "$fake" --kernels k1,k3 \
  --ray local --jobs 2 --out "$work/ray.json" 2>"$work/ray.log" || { cat "$work/ray.log" >&2; exit 1; }
"$py" - "$work" <<'PY'
import json
import sys
work = sys.argv[1]
problems = []
runs = {}
for name in ("local", "ray"):
    results = json.load(open(f"{work}/{name}.json"))
    rows = results.get("timing") or []
    runs[name] = rows
    if len(rows) != 120 * 8:  # k1 and k3: 60 configs each, 8 shapes
        problems.append(f"{name}: {len(rows)} timed launches, want 960")
    if {r.get("gpu") for r in rows} != {0, 1}:
        problems.append(f"{name}: launches on GPUs {sorted({str(r.get('gpu')) for r in rows})}, want 0 and 1")
    if any(r.get("status") != "ok" or r.get("gpu_name") != "Stand-in GPU" for r in rows):
        problems.append(f"{name}: a launch failed or names no GPU")
    if name == "local" and {r.get("visible_devices") for r in rows} != {"0", "1"}:
        problems.append("local: workers were not pinned with CUDA_VISIBLE_DEVICES")
    spread = results["timing_summary"].get("gpu_spread") or {}
    configs = spread.get("configs") or []
    if len(configs) != 4 or any(len(c["ms_per_gpu"]) != 2 for c in configs):
        problems.append(f"{name}: the spread check timed {len(configs)} configs, want 4 on both GPUs")
    if spread.get("median_spread_across_gpus") != 0:
        problems.append(f"{name}: a deterministic stand-in spread {spread.get('median_spread_across_gpus')}")
key = lambda r: (r["kernel"], r["config"], json.dumps(r["shape"], sort_keys=True))  # noqa: E731
if {key(r): r["ms"] for r in runs["local"]} != {key(r): r["ms"] for r in runs["ray"]}:
    problems.append("the Ray run's times differ from the local pools'")
if problems:
    print("FAIL:\n  " + "\n  ".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"PASS: {len(runs['local'])} launches over 2 GPUs, locally and through Ray, alike")
PY
