"""Isolation for the btlint-bench harness: one config that crashes, hangs or
corrupts its CUDA context never sinks the run.

* `run_forked(tasks, target, jobs, timeout)`: CPU work (compiles), one forked
  child per task, `jobs` at a time; a child past `timeout` seconds is killed
  and recorded as 'timeout', a child that dies without answering as 'crashed'.
* `run_on_pools(tasks, make_pool, slots)`: spreads tasks over several
  pools (one per GPU, locally or on a Ray cluster), each fed from one queue.
* `WorkerPool(command, timeout)`: GPU work, one long-lived worker process
  (a fresh CUDA context) that takes tasks as JSON lines on standard input and
  answers `@@btbench-result <json>` lines on standard output. A worker that
  hangs past `timeout` is killed, one that exits is recorded as 'crashed' with
  its exit code or signal, and one that reports an error that poisons the CUDA
  context (illegal memory access, launch failure) is retired; the next task
  gets a new worker.
"""
import json
import math
import multiprocessing
import multiprocessing.connection
import os
import queue
import signal
import subprocess
import threading
import time

RESULT_PREFIX = "@@btbench-result "

# CUDA errors after which the context is unusable: the worker must go.
STICKY_CUDA_ERRORS = (
    ("illegal memory access", "illegal_memory_access"),
    ("misaligned address", "misaligned_address"),
    ("unspecified launch failure", "launch_failure"),
    ("illegal instruction", "illegal_instruction"),
    ("device-side assert", "device_assert"),
)


def classify_runtime_error(text):
    """'illegal_memory_access' etc. for a sticky CUDA error message, else None."""
    lower = text.lower()
    for needle, status in STICKY_CUDA_ERRORS:
        if needle in lower:
            return status
    return None


def json_safe(value):
    """`value` with every non-finite float as None: JSON has no Infinity or
    NaN, and btlint-bench --collect reads the results as JSON."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def write_json(value, path):
    """Writes results for --collect: non-finite floats as null, atomically."""
    with open(path + ".tmp", "w") as f:
        json.dump(json_safe(value), f, indent=1, sort_keys=True, allow_nan=False)
    os.replace(path + ".tmp", path)


def _child(target, task, conn):
    try:
        result = target(task)
    except BaseException as exc:  # noqa: BLE001 - every failure becomes a result
        result = {"status": "error", "error": f"{type(exc).__name__}: {exc}"[:400]}
    try:
        conn.send(result)
    finally:
        conn.close()


def describe_exit(code):
    if code is None:
        return "still running"
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with status {code}"


def run_forked(tasks, target, jobs, timeout, on_result=None, deadline=None):
    """Results of target(task) for each task, in order, computed in forked
    children. target must return a JSON-able dict. Past `deadline` (a
    time.time() value) no task is started: those left are "not_run"."""
    ctx = multiprocessing.get_context("fork")
    pending = list(enumerate(tasks))
    pending.reverse()
    running = {}
    results = [None] * len(tasks)
    while pending or running:
        if deadline is not None and time.time() > deadline:
            for index, _ in pending:
                results[index] = {"status": "not_run", "error": "the run's deadline passed before it started"}
            pending = []
        while pending and len(running) < max(1, jobs):
            index, task = pending.pop()
            receiver, sender = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_child, args=(target, task, sender), daemon=True)
            process.start()
            sender.close()
            running[receiver] = (index, process, time.time())
        ready = multiprocessing.connection.wait(list(running), timeout=0.5)
        now = time.time()
        for receiver in list(running):
            index, process, started = running[receiver]
            if receiver in ready:
                try:
                    results[index] = receiver.recv()
                except EOFError:
                    process.join(5)
                    results[index] = {"status": "crashed",
                                      "error": f"worker {describe_exit(process.exitcode)} without a result"}
            elif now - started > timeout:
                process.kill()
                results[index] = {"status": "timeout", "error": f"no result within {timeout} s; worker killed"}
            else:
                continue
            process.join(5)
            receiver.close()
            del running[receiver]
            if on_result:
                on_result(index, results[index])
    return results


class WorkerPool:
    """Runs tasks one at a time in a long-lived worker subprocess, restarting
    it after a timeout, a crash or a sticky CUDA error."""

    def __init__(self, command, timeout, env=None, log=None):
        self.command = command
        self.timeout = timeout
        self.env = env
        self.log = log
        self.process = None
        self.lines = None
        self.restarts = 0
        self.started = 0

    def _start(self):
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, bufsize=1, env=self.env,
                                        start_new_session=True)
        self.started += 1
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process, self.lines), daemon=True).start()

    @staticmethod
    def _read(process, lines):
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    def _stop(self, kill):
        if not self.process:
            return
        if kill:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        else:
            try:
                self.process.stdin.close()
            except OSError:
                pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def run(self, task):
        """The worker's result dict for `task`, or a failure record."""
        if self.process is None or self.process.poll() is not None:
            if self.process is not None:
                self.restarts += 1
            self._start()
        output = []
        try:
            self.process.stdin.write(json.dumps(task) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        deadline = time.time() + self.timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                self._stop(kill=True)
                self.restarts += 1
                return {"status": "timeout", "error": f"no result within {self.timeout} s; worker killed and restarted",
                        "output": "".join(output[-20:])[-2000:]}
            try:
                line = self.lines.get(timeout=min(left, 1.0))
            except queue.Empty:
                continue
            if line is None:  # the worker's output ended: it died
                code = self.process.wait()
                self.process = None
                self.restarts += 1
                tail = "".join(output[-20:])[-2000:]
                status = classify_runtime_error(tail) or "crashed"
                return {"status": status, "error": f"worker {describe_exit(code)} during the task; restarted",
                        "output": tail}
            if line.startswith(RESULT_PREFIX):
                result = json.loads(line[len(RESULT_PREFIX):])
                if result.get("retire_worker"):
                    self._stop(kill=True)
                    self.restarts += 1
                    result.pop("retire_worker")
                return result
            output.append(line)
            if self.log:
                self.log(line.rstrip("\n"))

    def close(self):
        self._stop(kill=False)


def worker_loop(handle):
    """The worker side: read tasks from stdin, answer each with one result
    line. `handle(task)` returns a dict; an exception becomes an 'error'
    result, and a sticky CUDA error also retires this worker."""
    import sys
    for line in sys.stdin:
        if not line.strip():
            continue
        task = json.loads(line)
        try:
            result = handle(task)
        except BaseException as exc:  # noqa: BLE001 - every failure becomes a result
            text = f"{type(exc).__name__}: {exc}"
            status = classify_runtime_error(text)
            fallback = "out_of_resources" if type(exc).__name__ == "OutOfResources" else "error"
            result = {"status": status or fallback, "error": text[:600]}
            if status:
                result["retire_worker"] = True
        sys.stdout.write(RESULT_PREFIX + json.dumps(result) + "\n")
        sys.stdout.flush()
        if result.get("retire_worker"):
            return


def pinned_pool(command, timeout, gpu):
    """A WorkerPool whose worker sees only GPU `gpu` (CUDA_VISIBLE_DEVICES)."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", CUDA_VISIBLE_DEVICES=str(gpu))
    return WorkerPool(command, timeout, env=env)


def run_on_pools(tasks, make_pool, slots, on_result=None, deadline=None):
    """Results of each task, in order, run on one pool per slot (the pools of
    several GPUs side by side): `make_pool(slot)` returns an object with
    `run(task)` and `close()` (a WorkerPool, or a Ray actor's proxy). Past
    `deadline` (a time.time() value) no task starts: its result is None.
    `on_result(index, result, slot)` may return a task to run again in place
    of that one (what a worker that died left undone); the last result is kept."""
    pending = queue.Queue()
    for index, task in enumerate(tasks):
        if task is not None:
            pending.put((index, task))
    results = [None] * len(tasks)
    lock = threading.Lock()

    def drive(slot):
        pool = make_pool(slot)
        try:
            while deadline is None or time.time() < deadline:
                try:
                    index, task = pending.get_nowait()
                except queue.Empty:
                    break
                result = pool.run(task)
                with lock:
                    results[index] = result
                    again = on_result(index, result, slot) if on_result else None
                if again is not None:
                    pending.put((index, again))
        finally:
            pool.close()

    threads = [threading.Thread(target=drive, args=(slot,)) for slot in slots]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
