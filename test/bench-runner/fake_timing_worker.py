#!/usr/bin/env python3
"""A stand-in for `run.py --worker` on a machine without a GPU: answers each
timing task (one config on one shape) with a made-up, deterministic time and
the GPU the worker was pinned to, so the timing path over several GPUs runs
in CI (test/bench-runner/multi_gpu_timing.sh)."""
import os
import sys

sys.path.insert(0, sys.argv[1])  # the emitted harness folder
import btbench_isolate  # noqa: E402


def handle(task):
    config = task["config"]
    key = f"{task['kernel']['id']}:{sorted(config['params'].items())}:{config['num_warps']}:{sorted(task['shape'].items())}"
    ms = 0.01 + (sum(map(ord, key)) % 97) / 1000.0
    return {"status": "ok", "ms": round(ms, 6), "gpu_name": "Stand-in GPU",
            "visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES", "")}


btbench_isolate.worker_loop(handle)
