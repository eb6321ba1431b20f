"""btlint tune's verification (docs/tune.md): time every config of each
ranked list on every shape, the exhaustive autotune, with the time each
config costs the autotuner (compile and first launch, then the benchmark).

Each task is one config of one kernel over all its shapes, in a worker
process pinned to one GPU: the config compiles once per specialisation and
the workers of several GPUs run side by side (`--gpus`). The rows go to
tune_results.json; `btlint-bench --collect DIR` computes the regrets, the
time saved and the rank correlation from them and btlint's ranking in the
manifest, and `python3 btbench_plot.py --tune DIR` plots tune_report.json.
"""
import importlib
import json
import sys
import time

import btbench_isolate


def tune_tasks(manifest, only=()):
    """One task per (kernel, config) of every kernel the manifest ranks."""
    tasks = []
    for kernel in manifest.get("kernels", []):
        ranking = kernel.get("tune")
        if not ranking or not kernel.get("bench"):
            continue
        if only and kernel["id"] not in only and kernel["name"] not in only:
            continue
        configs = {c["index"]: c for c in kernel.get("configs", [])}
        for entry in ranking["configs"]:
            config = configs.get(entry["index"])
            if config is None:
                continue
            tasks.append({"kernel": kernel, "bench": kernel["bench"], "shapes": kernel["bench"]["shapes"],
                          "config": config, "meta": {"kernel": kernel["id"], "name": kernel["name"],
                                                          "config": entry["index"]}})
    return tasks


def time_config_on_shapes(task):
    """Worker entry: one config on every shape; per shape the median ms, the
    seconds of its first call (compilation included) and of the benchmark.
    With `compile_only` the first call alone: it fills Triton's on-disk
    cache, so that the timing pass loads binaries instead of compiling."""
    import torch
    import triton
    from btbench_timing import MIN_REP_MS, MIN_WARMUP_MS, make_config, resolve
    from btbench_triton import unwrap
    kernel, bench = task["kernel"], task["bench"]
    module = importlib.import_module(kernel["module"])
    autotuner, _, fn = unwrap(getattr(module, kernel["name"]))
    autotuner.configs = [make_config(task["config"])]
    autotuner.cache.clear()
    for caches in fn.device_caches.values():
        caches[0].clear()  # this config's binaries only, compiled here
    warmup = max(MIN_WARMUP_MS, int(bench.get("warmup_ms") or MIN_WARMUP_MS))
    rep = max(MIN_REP_MS, int(bench.get("rep_ms") or MIN_REP_MS))
    rows = []
    for shape in task["shapes"]:
        row = {"shape": shape}
        try:
            launch = resolve(bench["launcher"])(dict(shape), bench.get("dtype") or kernel.get("dtype") or "fp16")
            start = time.perf_counter()
            launch()
            torch.cuda.synchronize()
            row["first_call_s"] = time.perf_counter() - start
            if task.get("compile_only"):
                row["status"] = "ok"
                rows.append(row)
                continue
            start = time.perf_counter()
            row["ms"] = triton.testing.do_bench(launch, warmup=warmup, rep=rep, return_mode="median")
            row["bench_s"] = time.perf_counter() - start
            row["status"] = "ok"
        except Exception as exc:  # noqa: BLE001 - out of resources, a bad shape: recorded per shape
            text = f"{type(exc).__name__}: {exc}"
            if btbench_isolate.classify_runtime_error(text):
                raise  # a sticky CUDA error: the worker retires
            row["status"] = "out_of_resources" if type(exc).__name__ == "OutOfResources" else "error"
            row["error"] = text[:400]
        rows.append(row)
    return {"status": "ok", "shapes": [dict(row, gpu_name=torch.cuda.get_device_name()) for row in rows],
            "warmup_ms": warmup, "rep_ms": rep}


def run_tasks(tasks, make_pool, slots, log, verb, deadline_at=None):
    """Runs `tasks` (None: skipped) on one pool per slot (`make_pool(slot)`,
    see btbench_isolate.run_on_pools); returns {task index: per-shape rows}
    with the slot's GPU on each row. No task starts after `deadline_at`:
    those have no rows."""
    done = {}

    def record(number, result, slot):
        task = tasks[number]
        shapes = result.get("shapes") or [{"shape": s, "status": result.get("status", "error"),
                                           "error": result.get("error", "")} for s in task["shapes"]]
        done[number] = [dict(row, gpu=slot_gpu(slot)) for row in shapes]
        pairs = sum(len(r) for r in done.values())
        if pairs % 200 < len(shapes):
            log(f"  {pairs} (config, shape) pairs {verb}")

    requests = []
    for task in tasks:
        if task is None:
            requests.append(None)
            continue
        request = {k: task[k] for k in ("kernel", "bench", "shapes", "config")}
        request["compile_only"] = verb == "compiled"
        requests.append(request)
    btbench_isolate.run_on_pools(requests, make_pool, slots, record, deadline_at)
    return done


def slot_gpu(slot):
    """Slots are GPU numbers, or (gpu, worker) pairs for several workers per GPU."""
    return slot[0] if isinstance(slot, tuple) else slot


def local_pool(worker_command, timeout):
    """make_pool for this host: a WorkerPool pinned to the slot's GPU."""
    return lambda slot: btbench_isolate.pinned_pool(worker_command, timeout, slot_gpu(slot))


def run(manifest, make_pool, gpus, out, log, only=(), compile_jobs=0, deadline_at=None, make_compile_pool=None):
    """Times the tasks over `gpus` worker pools; writes `out`; returns the rows.

    With `compile_jobs`, a first pass compiles every (config, shape) in that
    many workers spread over the GPUs (compiling is CPU work: one GPU's
    single timing worker would compile the whole list serially, as the
    autotuner does); its first-call seconds are what the autotuner pays and
    are kept as `first_call_s`, the timing pass's own as `cached_first_call_s`.
    Shapes that failed to compile are not timed again. Configs not reached
    by `deadline_at` get no row (`--collect` leaves their pairs out)."""
    tasks = tune_tasks(manifest, only)
    gpus = max(1, gpus)
    start = time.time()
    compiled = {}
    if compile_jobs > 0:
        log(f"tune: compiling {len(tasks)} configs over their shapes in {compile_jobs} workers")
        compiled = run_tasks(tasks, make_compile_pool or make_pool, [(j % gpus, j) for j in range(compile_jobs)], log,
                             "compiled", deadline_at)
        log(f"tune: compiled in {round(time.time() - start, 1)} s")
    timed_tasks = []
    for number, task in enumerate(tasks):
        warm = compiled.get(number)
        shapes = [row["shape"] for row in warm if row.get("status") == "ok"] if warm else task["shapes"]
        # None: not compiled before the deadline, or nothing left to time
        timed_tasks.append(dict(task, shapes=shapes) if shapes and (warm or not compile_jobs) else None)
    log(f"tune: timing {len(tasks)} configs over their shapes on {gpus} GPU(s)")
    timing_start = time.time()
    timed = run_tasks(timed_tasks, make_pool, list(range(gpus)), log, "timed", deadline_at)
    rows = []
    for number, task in enumerate(tasks):
        if number not in timed and (timed_tasks[number] is not None or number not in compiled):
            continue  # past the deadline: no rows
        by_shape = {json.dumps(r["shape"], sort_keys=True): r for r in timed.get(number, [])}
        warm = compiled.get(number) or [None] * len(task["shapes"])
        for index, shape in enumerate(task["shapes"]):
            row = by_shape.get(json.dumps(shape, sort_keys=True))
            if warm[index] is not None and warm[index].get("status") != "ok":
                row = warm[index]  # the compile pass's failure, not timed again
            elif row is None:
                row = {"shape": shape, "status": "error", "error": "not timed"}
            elif warm[index] is not None:
                row = dict(row, cached_first_call_s=row.get("first_call_s"),
                           first_call_s=warm[index].get("first_call_s"))
            rows.append(dict(task["meta"], shape_index=index, **row))
    rows.sort(key=lambda r: (r["kernel"], r["config"], r["shape_index"]))
    results = {"format": 1, "rows": rows, "gpus": gpus, "compile_jobs": compile_jobs,
               "compile_seconds": round(timing_start - start, 2), "wall_seconds": round(time.time() - start, 2)}
    btbench_isolate.write_json(results, out)
    log(f"tune: wrote {out} ({len(rows)} rows in {results['wall_seconds']} s)")
    return rows


def worker_main():
    btbench_isolate.worker_loop(time_config_on_shapes)


if __name__ == "__main__":
    sys.exit(worker_main())
