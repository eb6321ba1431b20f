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
import os
import queue
import sys
import threading
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
                          "config": config, "meta": {"kernel": kernel["id"], "config": entry["index"]}})
    return tasks


def time_config_on_shapes(task):
    """Worker entry: one config on every shape; per shape the median ms, the
    seconds of its first call (compilation included) and of the benchmark."""
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
    return {"status": "ok", "shapes": rows, "warmup_ms": warmup, "rep_ms": rep}


def run(manifest, worker_command, gpus, timeout, out, log, only=()):
    """Runs the tasks over `gpus` worker pools; writes `out`; returns the rows."""
    tasks = tune_tasks(manifest, only)
    log(f"tune: timing {len(tasks)} configs over their shapes on {gpus} GPU(s)")
    pending = queue.Queue()
    for task in tasks:
        pending.put(task)
    rows, lock = [], threading.Lock()
    start = time.time()

    def drive(gpu):
        env = dict(os.environ, PYTHONUNBUFFERED="1", CUDA_VISIBLE_DEVICES=str(gpu))
        pool = btbench_isolate.WorkerPool(worker_command, timeout, env=env)
        while True:
            try:
                task = pending.get_nowait()
            except queue.Empty:
                break
            result = pool.run({k: task[k] for k in ("kernel", "bench", "shapes", "config")})
            shapes = result.get("shapes") or [{"shape": s, "status": result.get("status", "error"),
                                               "error": result.get("error", "")} for s in task["shapes"]]
            with lock:
                for number, row in enumerate(shapes):
                    rows.append(dict(task["meta"], shape_index=number, gpu=gpu, **row))
                if len(rows) % 50 < len(shapes):
                    log(f"  {len(rows)} (config, shape) pairs timed")
        pool.close()

    threads = [threading.Thread(target=drive, args=(gpu,)) for gpu in range(max(1, gpus))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows.sort(key=lambda r: (r["kernel"], r["config"], r["shape_index"]))
    results = {"format": 1, "rows": rows, "gpus": gpus, "wall_seconds": round(time.time() - start, 2)}
    with open(out, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    log(f"tune: wrote {out} ({len(rows)} rows in {results['wall_seconds']} s)")
    return rows


def worker_main():
    btbench_isolate.worker_loop(time_config_on_shapes)


if __name__ == "__main__":
    sys.exit(worker_main())
