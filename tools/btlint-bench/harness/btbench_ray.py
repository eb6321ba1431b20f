"""The harness on a Ray cluster (`run.py --ray ADDRESS`): the same tasks as
the local pools, placed by Ray. Ray is optional (`pip install ray`); nothing
else in the harness imports it.

* Compile tasks are Ray tasks of one CPU each. The harness folder travels as
  the job's working directory, so a node without it imports the kernels as
  this host does; each Ray worker resolves the kernels once and keeps them.
  A task past its timeout is cancelled (its worker killed) and recorded as
  'timeout', one whose worker dies as 'crashed', as run_forked records them.
* GPU work (timing, btlint tune's passes) runs in actors that hold one GPU
  each (`num_gpus=1`; Ray sets CUDA_VISIBLE_DEVICES) and drive the same
  WorkerPool as a local GPU, with its timeouts and restarts.

`ADDRESS` is a cluster's address (`auto`, `ray://head:10001`), or `local` to
start a cluster on this machine with --jobs CPUs (and --gpus GPUs declared:
Ray places by the count it is told, which lets the GPU path run on a CPU).
"""
import importlib.util
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_HARNESS = None  # run.py, imported once per Ray worker process


def connect(address, cpus, gpus):
    """Joins (or, for `local`, starts) the cluster; returns its CPU and GPU counts."""
    try:
        import ray
    except ImportError as exc:
        raise SystemExit(f"[btbench] error: --ray needs Ray (`pip install ray`): {exc}")
    runtime_env = {"working_dir": HERE, "excludes": ["*results.json", "*report.*", "*.tmp", "*.log", "*.png", "__pycache__"],
                   "env_vars": {"PYTHONUNBUFFERED": "1"}}
    if address == "local":
        ray.init(num_cpus=cpus, num_gpus=gpus, include_dashboard=False, log_to_driver=False,
                 runtime_env=runtime_env, configure_logging=False)
    else:
        ray.init(address=address, log_to_driver=False, runtime_env=runtime_env, configure_logging=False)
    resources = ray.cluster_resources()
    return int(resources.get("CPU", 0)), int(resources.get("GPU", 0))


def _harness(stub_missing, only):
    """run.py of this worker's copy of the harness, its kernels resolved."""
    global _HARNESS
    if _HARNESS is None:
        here = os.getcwd()  # the job's working directory: the harness folder
        if here not in sys.path:
            sys.path.insert(0, here)
        spec = importlib.util.spec_from_file_location("btbench_run", os.path.join(here, "run.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        manifest = module.load_manifest()
        module.add_source_paths(manifest)
        module.ONLY.update(only)
        module.resolve_kernels(manifest, stub_missing)
        _HARNESS = module
    return _HARNESS


def _compile(task, stub_missing, only):
    return _harness(stub_missing, only).compile_task(task)


def compile_on_ray(tasks, timeout, stub_missing, only, on_result=None, deadline=None):
    """Results of run.py's compile_task for each task, in order, as
    btbench_isolate.run_forked returns them."""
    import ray
    remote = ray.remote(num_cpus=1, max_retries=0)(_compile)
    window = max(1, int(ray.cluster_resources().get("CPU", 1)))  # in flight = running
    pending = list(enumerate(tasks))
    pending.reverse()
    running = {}  # ref -> (index, submitted)
    results = [None] * len(tasks)
    only = sorted(only)
    while pending or running:
        if deadline is not None and time.time() > deadline:
            for index, _ in pending:
                results[index] = {"status": "not_run", "error": "the run's deadline passed before it started"}
            pending = []
        while pending and len(running) < window:
            index, task = pending.pop()
            running[remote.remote(task, stub_missing, only)] = (index, time.time())
        if not running:
            break
        # Back as soon as one is done, so its CPU gets the next task at once.
        ready, _ = ray.wait(list(running), num_returns=1, timeout=0.5)
        now = time.time()
        for ref in list(running):
            index, submitted = running[ref]
            if ref in ready:
                results[index] = _result_of(ref)
            elif now - submitted > timeout:
                ray.cancel(ref, force=True)
                results[index] = {"status": "timeout", "error": f"no result within {timeout} s; Ray task cancelled"}
            else:
                continue
            del running[ref]
            if on_result:
                on_result(index, results[index])
    return results


def _result_of(ref):
    import ray
    try:
        return ray.get(ref)
    except ray.exceptions.WorkerCrashedError as exc:
        return {"status": "crashed", "error": f"Ray worker died without a result: {exc}"[:400]}
    except ray.exceptions.RayTaskError as exc:
        cause = exc.cause if getattr(exc, "cause", None) is not None else exc
        return {"status": "error", "error": f"{type(cause).__name__}: {cause}"[:400]}
    except ray.exceptions.RayError as exc:
        return {"status": "crashed", "error": f"{type(exc).__name__}: {exc}"[:400]}


class _PoolActor:
    """Holds one GPU and a WorkerPool on it: the worker command's `{python}`
    and `{harness}` are this node's interpreter and harness copy."""

    def __init__(self, command, timeout):
        import btbench_isolate
        here = os.getcwd()
        command = [part.replace("{python}", sys.executable).replace("{harness}", here) for part in command]
        self.pool = btbench_isolate.WorkerPool(command, timeout, env=dict(os.environ))

    def run(self, task):
        import ray
        result = self.pool.run(task)
        result.setdefault("node", ray.get_runtime_context().get_node_id()[:12])
        return result

    def close(self):
        self.pool.close()


class ActorPool:
    """A WorkerPool's interface (run, close) over a Ray actor; an actor that
    dies is recorded as a crash and replaced."""

    def __init__(self, command, timeout, num_gpus):
        import ray
        self.factory = ray.remote(num_cpus=1, num_gpus=num_gpus, max_restarts=0)(_PoolActor)
        self.command, self.timeout = command, timeout
        self.actor = None

    def run(self, task):
        import ray
        if self.actor is None:
            self.actor = self.factory.remote(self.command, self.timeout)
        try:
            return ray.get(self.actor.run.remote(task))
        except ray.exceptions.RayError as exc:
            self.actor = None
            return {"status": "crashed", "error": f"Ray actor lost: {type(exc).__name__}: {exc}"[:400]}

    def close(self):
        import ray
        if self.actor is not None:
            try:
                ray.get(self.actor.close.remote(), timeout=30)
            except ray.exceptions.RayError:
                pass
            ray.kill(self.actor)
            self.actor = None


def actor_pools(command, timeout, gpus_per_actor=1.0):
    """make_pool for btbench_isolate.run_on_pools: one actor per slot."""
    return lambda slot: ActorPool(command, timeout, gpus_per_actor)


def shutdown():
    import ray
    ray.shutdown()
