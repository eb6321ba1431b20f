#!/usr/bin/env python3
"""A stand-in for `run.py --tune-worker` on a machine without a GPU: answers
each (kernel, config) task with made-up but deterministic timings, so the
emit -> run --tune -> collect path runs in CI (test/bench-runner/tune_fake_run.sh).
A config btlint eliminates fails as the compiler would (out of resources),
in the compile pass when there is one."""
import sys

sys.path.insert(0, sys.argv[1])  # the emitted harness folder
import btbench_isolate  # noqa: E402


def fake_ms(kernel_id, config, shape_index):
    # A landscape with a clear best per shape that moves with the shape.
    spread = ((config * 37 + shape_index * 11 + len(kernel_id)) % 23) / 10.0
    return round(0.05 * (1 + shape_index) * (1 + spread), 6)


def handle(task):
    config = task["config"]["index"]
    kernel = task["kernel"]
    ranked = {c["index"]: c for c in kernel["tune"]["configs"]}
    eliminated = ranked[config]["eliminated_by"]
    rows = []
    for number, shape in enumerate(task["shapes"]):
        if "smem-over-budget" in eliminated:
            rows.append({"shape": shape, "status": "out_of_resources", "error": "OutOfResources: shared memory",
                         "first_call_s": 0.4})
            continue
        first_call_s = 0.6 if number == 0 else 0.05
        if task.get("compile_only"):
            rows.append({"shape": shape, "status": "ok", "first_call_s": first_call_s})
            continue
        # The timing pass after a compile pass loads cached binaries.
        rows.append({"shape": shape, "status": "ok", "ms": fake_ms(kernel["id"], config, number),
                     "first_call_s": 0.01 if "compile_only" in task else first_call_s, "bench_s": 0.13})
    return {"status": "ok", "shapes": rows, "warmup_ms": 25, "rep_ms": 100}


btbench_isolate.worker_loop(handle)
