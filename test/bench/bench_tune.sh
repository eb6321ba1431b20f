#!/usr/bin/env bash
# btlint tune's own speed (docs/tune.md: at most 50 ms per kernel and shape
# set): for each kernel of the verification suite (test/bench-runner/tune)
# with its 8 shapes, the median processor time (user + system, all threads:
# what a shared, loaded machine does not inflate) and wall time of `btlint
# tune` (list and generated space) against `btlint report` on the same
# kernel, measured in the same run (the baseline: the same parse, model and
# verdicts), and their ratio. Prints a table; exits 1 when a median
# processor time exceeds the target.
#
# Usage: test/bench/bench_tune.sh [--repeats R] [--target-ms T]
# Environment: BTLINT (default build/btlint), PYTHON (default .venv/bin/python, else python3).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
btlint="${BTLINT:-$root/build/btlint}"
python="${PYTHON:-$root/.venv/bin/python}"
[[ -x "$python" ]] || python=python3
repeats=11 target=50
while (($#)); do
  case "$1" in
    --repeats) repeats="$2"; shift 2 ;;
    --target-ms) target="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -x "$btlint" ]] || { echo "no btlint at $btlint" >&2; exit 2; }
cd "$root"
"$python" - "$btlint" "$repeats" "$target" <<'PY'
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import yaml

btlint, repeats, target = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
suite = "test/bench-runner/tune"
config = yaml.safe_load(open(f"{suite}/.btlint.yaml"))
files = {
    "matmul_fp16_kernel": "matmul_fp16.py", "linear_bf16_kernel": "matmul_bf16.py",
    "matmul_fp8_kernel": "matmul_fp8.py", "matmul_persistent_kernel": "matmul_persistent.py",
    "matmul_splitk_kernel": "matmul_splitk.py", "attention_fwd_kernel": "attention_fwd.py",
    "layer_norm_fwd_kernel": "layer_norm.py",
}


def median_ms(args):
    """(median processor ms, median wall ms) of `args`."""
    cpu, wall = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(cpu), statistics.median(wall)


print(f"load average {os.getloadavg()[0]:.1f}; processor ms (wall ms), median of {repeats}")
print(f"{'kernel':26} {'configs':>7} {'report':>13} {'tune':>13} {'ratio':>6} {'generated':>14}")
slow = []
for spec in config["bench"]:
    kernel = spec["kernel"]
    target_path = f"{suite}/kernels/{files[kernel]}::{kernel}"
    shapes = []
    for shape in spec["shapes"]:
        shapes += ["--shape", ",".join(f"{k}={v}" for k, v in shape.items())]
    report = median_ms([btlint, "report", target_path])
    tune = median_ms([btlint, "tune", target_path, "--format", "json"] + shapes)
    generated = median_ms([btlint, "tune", target_path, "--format", "json", "--space", "generated"] + shapes)
    out = subprocess.run([btlint, "tune", target_path, "--format", "json"] + shapes, capture_output=True, text=True)
    configs = len(json.loads(out.stdout)["candidates"])
    text = lambda t: f"{t[0]:5.1f} ({t[1]:5.1f})"  # noqa: E731
    print(f"{kernel:26} {configs:7d} {text(report):>13} {text(tune):>13} {tune[0] / report[0]:6.2f} "
          f"{text(generated):>14}")
    if tune[0] > target:
        slow.append(f"{kernel}: {tune[0]:.1f} ms")
if slow:
    print(f"over {target} ms: " + ", ".join(slow))
    sys.exit(1)
print(f"every kernel's list and 8 shapes within {target} ms")
PY
