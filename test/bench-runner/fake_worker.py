#!/usr/bin/env python3
"""A stand-in for run.py --worker in test_isolation.py: behaves as each task
asks (answers, hangs, dies by a signal, raises a sticky CUDA error, exits)."""
import os
import signal
import sys
import time

sys.path.insert(0, sys.argv[1])  # tools/btlint-bench/harness
import btbench_isolate  # noqa: E402

STARTED = time.time()


def handle(task):
    behaviour = task["behaviour"]
    if behaviour == "ok":
        return {"status": "ok", "value": task.get("value"), "pid": os.getpid()}
    if behaviour == "print-then-ok":
        print("user code printing to standard output", flush=True)
        return {"status": "ok", "pid": os.getpid()}
    if behaviour == "hang":
        time.sleep(3600)
    if behaviour == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    if behaviour == "exit":
        os._exit(3)
    if behaviour == "illegal-memory-access":
        raise RuntimeError("CUDA error: an illegal memory access was encountered")
    if behaviour == "python-error":
        raise ValueError("bad shape")
    raise AssertionError(behaviour)


btbench_isolate.worker_loop(handle)
