#!/usr/bin/env python3
"""The harness's isolation without a GPU: a fake worker (fake_worker.py) that
hangs, dies or poisons its CUDA context must be recorded as such, restarted,
and the run must go on; the forked compile pool likewise."""
import os
import signal
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "..", "..", "tools", "btlint-bench", "harness")
sys.path.insert(0, HARNESS)
import btbench_isolate  # noqa: E402

problems = []


def expect(condition, what):
    if not condition:
        problems.append(what)


def worker_pool():
    pool = btbench_isolate.WorkerPool([sys.executable, os.path.join(HERE, "fake_worker.py"), HARNESS], timeout=3)
    plan = ["ok", "print-then-ok", "hang", "ok", "segfault", "ok", "illegal-memory-access", "ok", "python-error",
            "ok", "exit", "ok"]
    results = [pool.run({"behaviour": b, "value": i}) for i, b in enumerate(plan)]
    statuses = [r["status"] for r in results]
    want = ["ok", "ok", "timeout", "ok", "crashed", "ok", "illegal_memory_access", "ok", "error", "ok", "crashed",
            "ok"]
    expect(statuses == want, f"worker statuses {statuses} != {want}")
    expect("SIGSEGV" in results[4].get("error", ""), f"segfault not named: {results[4]}")
    expect("status 3" in results[10].get("error", ""), f"exit status not named: {results[10]}")
    pids = [r.get("pid") for r in results]
    # One worker serves tasks until it fails; a python error does not retire it.
    expect(pids[0] == pids[1], "a healthy worker was replaced")
    expect(len({pids[3], pids[5], pids[7], pids[11]}) == 4, f"failed workers were reused: {pids}")
    expect(pids[7] == pids[9], "a Python exception should not cost the worker")
    expect(pool.restarts == 4, f"4 restarts expected (hang, segfault, illegal access, exit), got {pool.restarts}")
    pool.close()


def crash(task):
    if task == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    if task == "hang":
        time.sleep(3600)
    if task == "raise":
        raise RuntimeError("compiler assertion")
    return {"status": "ok", "task": task}


def forked_pool():
    tasks = ["a", "segfault", "b", "hang", "raise", "c"]
    start = time.time()
    results = btbench_isolate.run_forked(tasks, crash, jobs=2, timeout=2)
    statuses = [r["status"] for r in results]
    expect(statuses == ["ok", "crashed", "ok", "timeout", "error", "ok"], f"forked statuses {statuses}")
    expect(results[5].get("task") == "c", "results out of order")
    expect(time.time() - start < 30, "the hung child held the pool")


def forked_pool_deadline():
    # Past the deadline no task starts; those left are recorded, in order.
    results = btbench_isolate.run_forked(["a", "hang", "b", "c"], crash, jobs=1, timeout=1,
                                         deadline=time.time() + 0.5)
    statuses = [r["status"] for r in results]
    expect(statuses == ["ok", "timeout", "not_run", "not_run"], f"deadline statuses {statuses}")


worker_pool()
forked_pool()
forked_pool_deadline()
for p in problems:
    print("FAIL:", p, file=sys.stderr)
print("PASS: isolation" if not problems else "")
sys.exit(1 if problems else 0)
