#!/usr/bin/env python3
"""btlint-bench harness: confirm btlint's findings with the real compiler and,
on a GPU, with timings. Written by `btlint-bench --emit DIR`; needs only
Python, `triton` and (for timing) `torch` where it runs, never btlint.

  python3 run.py                    compile every config of each flagged kernel for
                                    each arch in manifest.json, then time them where
                                    a GPU and a bench spec are there
  python3 run.py --compile-only     no timing (no GPU or torch needed)
  options: --archs sm80,sm90  --jobs N  --timeout S (per compile)  --timing-timeout S
           --deadline S (start no compile after S seconds; the rest is recorded as not_run;
                         with --tune, configs not started get no row)
           --out results.json
           --gpus N (timing workers, one per GPU; default: every visible GPU)
           --ray ADDRESS (compile and timing tasks on a Ray cluster, `local` for one
                          started here; btbench_ray.py)
           --wider N (configs of the wider search per tuning finding)
           --sequential-check N (also compile N configs one after another in this
           process, to measure what the process pool gains)
  python3 run.py --boundary [--gpus N] [--jobs N]
                                    every config of each benched list at boundary shapes
                                    against the spec's reference (boundary_results.json)
  python3 run.py --cuda-plan        only write the CUDA launch drivers (cuda_drivers/) and
                                    cuda_plan.json: what a GPU run would launch

Flagged CUDA launches are repeated, and CUDA kernels with a bench spec timed
with CUDA events, through drivers compiled with nvcc where `nvidia-smi` shows
a GPU (no torch needed for that part).

Writes results.json (and throughput.png when matplotlib is there) next to
this file; `btlint-bench --collect DIR` turns them into the report.
"""
import argparse
import datetime
import json
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STARTED = time.time()  # --deadline counts from here: imports take their share
sys.path.insert(0, HERE)

import btbench_isolate  # noqa: E402
import btbench_triton  # noqa: E402


def log(message):
    print(f"[btbench] {message}", file=sys.stderr, flush=True)


def load_manifest():
    with open(os.path.join(HERE, "manifest.json")) as f:
        return json.load(f)


def add_source_paths(manifest):
    for path in manifest.get("python_path", ["src"]):
        full = os.path.join(HERE, path)
        if full not in sys.path:
            sys.path.insert(0, full)


def arch_number(name):
    return int(name[2:]) if name.startswith("sm") else int(name)


# --------------------------------------------------------------------------
# Kernels and their config lists (resolved in the parent before forking).
# --------------------------------------------------------------------------

KERNELS = {}  # kernel id -> (manifest entry, JITFunction, heuristics, configs)
ONLY = set()  # --kernels: ids or names to run; empty: all


def resolve_kernels(manifest, stub_missing):
    records = []
    for kernel in manifest["kernels"]:
        if kernel.get("language") != "triton" or (ONLY and kernel["id"] not in ONLY and kernel["name"] not in ONLY):
            continue
        record = {"id": kernel["id"], "name": kernel["name"]}
        try:
            module, stubbed = btbench_triton.import_module(kernel["module"], stub_missing)
            if stubbed:
                record["stubbed_modules"] = stubbed
            autotuner, heuristics, fn = btbench_triton.unwrap(getattr(module, kernel["name"]))
        except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
            record["status"] = "import_error"
            record["error"] = f"{type(exc).__name__}: {exc}"[:400]
            records.append(record)
            continue
        listed = kernel.get("configs", [])
        if autotuner is not None:
            runtime = [btbench_triton.config_dict(c) for c in autotuner.configs]
            for config, original in zip(runtime, autotuner.configs):
                blocks = btbench_triton.descriptor_blocks(original)
                if blocks:
                    config["descriptor_blocks"] = blocks
            record["configs_source"] = "module"
        else:
            runtime = [dict(c) for c in listed] or [{"params": {}, "num_warps": 4, "num_stages": 3}]
            record["configs_source"] = "manifest" if listed else "default"
        # Map each runtime config to btlint's config index (findings use those).
        used = set()
        for config in runtime:
            config.setdefault("num_warps", 4)
            config.setdefault("num_stages", 3)
            match = None
            for entry in listed:
                if entry["index"] not in used and btbench_triton.same_config(entry, config):
                    match = entry["index"]
                    break
            config["manifest_index"] = match
            if match is not None:
                used.add(match)
        record["configs"] = len(runtime)
        record["configs_in_manifest"] = len(listed)
        record["unmatched_manifest_configs"] = sorted({e["index"] for e in listed} - used)
        record["status"] = "ok"
        KERNELS[kernel["id"]] = (kernel, fn, heuristics, runtime)
        records.append(record)
    return records


def compile_task(task):
    kernel, fn, heuristics, configs = KERNELS[task["kernel"]]
    config = configs[task["config"]]
    try:
        return btbench_triton.compile_config(fn, kernel, config, heuristics, arch_number(task["arch"]),
                                             task.get("max_shared"), task.get("arguments"))
    except Exception as exc:  # noqa: BLE001 - a failing config is a result
        status, error = btbench_triton.classify_error(exc)
        if status == "compile_error":
            missing = btbench_triton.missing_module_error(fn, f"{exc} {exc.__cause__ or ''} {error}")
            if missing:
                return {"status": "missing_module", "error": missing}
        return {"status": status, "error": error}


def compile_phase(manifest, archs, jobs, timeout, sequential_check, deadline=None, ray_address=None,
                  stub_missing=True):
    per_kernel = []
    for kernel_id, (kernel, _, _, configs) in KERNELS.items():
        own = []
        for arch in archs:
            limit = manifest.get("arch_info", {}).get(arch, {}).get("max_shared_per_block_optin")
            for index in range(len(configs)):
                own.append({"kernel": kernel_id, "config": index, "arch": arch, "max_shared": limit})
        per_kernel.append(own)
    # Every kernel's first config, then every kernel's second, ...: a run cut
    # short by --deadline has compiled some of each kernel.
    tasks = [own[i] for i in range(max(map(len, per_kernel), default=0)) for own in per_kernel if i < len(own)]
    # @triton.heuristics run here, before the fork: they may ask torch for the
    # GPU (attorch's allow_tf32 reads the device capability), and a forked
    # child cannot use CUDA once this process has initialised it (an import
    # that asks for the GPU does). A heuristic that raises is left to the child,
    # which records the error.
    for task in tasks:
        kernel, fn, heuristics, configs = KERNELS[task["kernel"]]
        if heuristics:
            try:
                task["arguments"] = btbench_triton.synthesise_arguments(fn, kernel, configs[task["config"]],
                                                                        heuristics)
            except Exception:  # noqa: BLE001 - recorded by the compile
                pass
    log(f"compiling {len(tasks)} configs ({len(KERNELS)} kernels, archs {', '.join(archs)}) on {jobs} processes")
    done = [0]

    def progress(index, result):
        done[0] += 1
        if done[0] % 25 == 0 or done[0] == len(tasks):
            log(f"  {done[0]}/{len(tasks)} compiled")

    start = time.time()
    if ray_address:
        import btbench_ray
        results = btbench_ray.compile_on_ray(tasks, timeout, stub_missing, ONLY, progress,
                                             STARTED + deadline if deadline else None)
    else:
        if tasks:
            # Warm this process once (Triton's hash of its own sources, the ptxas
            # version, LLVM's targets: each computed once per process), so every
            # forked child inherits them instead of paying for them per config.
            compile_task(tasks[0])
        results = btbench_isolate.run_forked(tasks, compile_task, jobs, timeout, progress,
                                             STARTED + deadline if deadline else None)
    wall = time.time() - start
    rows = []
    for task, result in zip(tasks, results):
        config = KERNELS[task["kernel"]][3][task["config"]]
        row = {"kernel": task["kernel"], "config": task["config"], "manifest_config": config["manifest_index"],
               "arch": task["arch"], "params": config["params"], "num_warps": config["num_warps"],
               "num_stages": config["num_stages"]}
        row.update(result)
        rows.append(row)
    summary = {"tasks": len(tasks), "jobs": jobs, "wall_seconds": round(wall, 2), "pool": "ray" if ray_address else "local",
               "sum_compile_seconds": round(sum(r.get("compile_seconds", 0) for r in results), 2),
               "statuses": {}}
    for r in results:
        summary["statuses"][r["status"]] = summary["statuses"].get(r["status"], 0) + 1
    if sequential_check and tasks:
        # Spread over the whole list, so the sample has the same mix of kernels and archs.
        step = max(1, len(tasks) // sequential_check)
        sample = tasks[::step][:sequential_check]
        log(f"sequential check: compiling {len(sample)} configs one after another in this process")
        start = time.time()
        for task in sample:
            compile_task(task)
        seq = time.time() - start
        per_config_seq = seq / len(sample)
        per_config_par = wall / len(tasks)
        summary["sequential_check"] = {
            "configs": len(sample), "wall_seconds": round(seq, 2),
            "seconds_per_config": round(per_config_seq, 3),
            "pool_seconds_per_config": round(per_config_par, 3),
            "speedup": round(per_config_seq / per_config_par, 2) if per_config_par > 0 else None}
    return rows, summary


def cuda_phase(manifest, archs, jobs, timeout):
    import btbench_cuda
    tasks = []
    for entry in manifest.get("cuda_sources", []):
        for arch in archs:
            tasks.append({"source": os.path.join(HERE, entry["source"]), "arch": arch_number(arch),
                          "include_dirs": [os.path.join(HERE, d) for d in entry.get("include_dirs", [])],
                          "timeout": timeout, "id": entry["id"], "arch_name": arch})
    if not tasks:
        return []
    log(f"nvcc -Xptxas -v: {len(tasks)} compiles")
    results = btbench_isolate.run_forked(tasks, btbench_cuda.compile_cuda, jobs, timeout + 30)
    rows = []
    for task, result in zip(tasks, results):
        row = {"source": task["id"], "arch": task["arch_name"]}
        row.update(result)
        rows.append(row)
    return rows


def cuda_launch_phase(manifest, jobs, timeout, run_timeout, gpu):
    """CUDA launch checks and CUDA-event timing through generated drivers."""
    import btbench_cuda
    planned = btbench_cuda.plan(manifest)
    if not planned["runs"]:
        return {}
    btbench_cuda.write_drivers(HERE, planned)
    arch = int(gpu["capability"][2:])
    tasks = [{"root": HERE, "file": d["file"], "include_dirs": d["include_dirs"], "arch": arch, "timeout": timeout}
             for d in planned["drivers"]]
    log(f"nvcc: {len(tasks)} launch drivers for sm_{arch}")
    compiled = btbench_isolate.run_forked(tasks, btbench_cuda.compile_driver, jobs, timeout + 30)
    drivers = {}
    for driver, result in zip(planned["drivers"], compiled):
        drivers[driver["source"]] = dict(driver, **result)
    info = {}
    for driver in drivers.values():
        if driver.get("status") == "ok":
            info = btbench_cuda.run_driver(driver["binary"], ["info"], run_timeout)
            break
    kernels = {k["id"]: k for k in manifest["kernels"]}
    rows = []
    start = time.time()
    log(f"CUDA: {len(planned['runs'])} launches (checks and timed), one driver process each")
    for run in planned["runs"]:
        row = dict(run)
        driver = drivers.get(run["source"], {})
        if "status" in run:
            pass  # not runnable (recorded in the plan)
        elif driver.get("status") != "ok":
            row.update(status="driver_" + str(driver.get("status", "missing")), error=driver.get("error", ""))
        else:
            row.update(btbench_cuda.run_driver(driver["binary"], btbench_cuda.driver_arguments(run), run_timeout))
            if row.get("status") == "ok" and run["kind"] == "time":
                row.update(btbench_cuda.throughput(row, kernels[run["kernel"]].get("bench") or {}))
        rows.append(row)
    for driver in drivers.values():
        driver.pop("binary", None)
    return {"cuda_drivers": list(drivers.values()), "cuda_launches": rows, "cuda_device": info,
            "cuda_launch_summary": {"runs": len(rows), "wall_seconds": round(time.time() - start, 2)}}


# --------------------------------------------------------------------------
# Timing (GPU).
# --------------------------------------------------------------------------


def gpu_available():
    # NVML answers without initialising CUDA in this process: compile
    # children are forked from it, and CUDA does not survive a fork.
    os.environ.setdefault("PYTORCH_NVML_BASED_CUDA_CHECK", "1")
    try:
        import torch
        return torch.cuda.is_available()
    except Exception:  # noqa: BLE001
        return False


def shapes_of(bench):
    shapes = bench.get("shapes") or [{}]
    return shapes if isinstance(shapes, list) else [shapes]


WIDER_SEARCH_RULES = {"too-few-configs"}


def visible_gpus():
    """GPUs this process may use, counted without initialising CUDA here."""
    os.environ.setdefault("PYTORCH_NVML_BASED_CUDA_CHECK", "1")
    try:
        import torch
        return torch.cuda.device_count()
    except Exception:  # noqa: BLE001 - no torch: no timing either
        return 0


def timing_phase(manifest, timeout, wider_size, gpus=1, ray_address=None, worker_command=None, spread_configs=0):
    import btbench_timing
    # Findings a wider search decides: the list is too short to hold a good config.
    flagged_tuning = {f["kernel"] for f in manifest.get("findings", [])
                      if f.get("kernel") and f.get("rule") in WIDER_SEARCH_RULES}
    tasks = []
    for kernel_id, (kernel, _, _, configs) in KERNELS.items():
        bench = kernel.get("bench")
        if not bench:
            continue
        wider = []
        if kernel_id in flagged_tuning and wider_size > 0:
            wider = btbench_timing.wider_search(kernel, configs, wider_size)
        for shape in shapes_of(bench):
            for index, config in enumerate(configs):
                tasks.append({"kernel": kernel, "bench": bench, "shape": shape, "config": config,
                              "meta": {"kernel": kernel_id, "config": index, "manifest_config":
                                       config["manifest_index"], "wider": False}})
            for index, config in enumerate(wider):
                tasks.append({"kernel": kernel, "bench": bench, "shape": shape, "config": config,
                              "meta": {"kernel": kernel_id, "config": index, "manifest_config": None,
                                       "wider": True}})
    if not tasks:
        return [], {}
    where = f"a Ray cluster's {gpus} GPU(s)" if ray_address else f"{gpus} GPU(s)"
    log(f"timing {len(tasks)} launches on {where}, one worker process per GPU, each config alone on its GPU")
    pools = []
    if ray_address:
        import btbench_ray
        actors = btbench_ray.actor_pools(worker_command.split() if worker_command else
                                         ["{python}", "{harness}/run.py", "--worker"], timeout)

        def make_pool(slot):
            pools.append(actors(slot))
            return pools[-1]
    else:
        command = worker_command.split() if worker_command else [sys.executable, os.path.abspath(__file__), "--worker"]

        def make_pool(slot):
            pools.append(btbench_isolate.pinned_pool(command, timeout, slot))
            return pools[-1]
    done = [0]

    def progress(index, result, slot):
        result["gpu"] = slot  # the GPU's number here, or the actor's on the cluster
        done[0] += 1
        if done[0] % 10 == 0 or done[0] == len(tasks):
            log(f"  {done[0]}/{len(tasks)} timed")

    start = time.time()
    requests = [{k: task[k] for k in ("kernel", "bench", "shape", "config")} for task in tasks]
    results = btbench_isolate.run_on_pools(requests, make_pool, list(range(gpus)), progress)
    rows = []
    for task, result in zip(tasks, results):
        row = dict(task["meta"])
        row.update(shape=task["shape"], params=task["config"]["params"], num_warps=task["config"]["num_warps"],
                   num_stages=task["config"]["num_stages"])
        row.update(result or {"status": "not_run"})
        rows.append(row)
    summary = {"launches": len(tasks), "wall_seconds": round(time.time() - start, 2), "gpus": gpus,
               "worker_starts": sum(getattr(p, "started", 0) for p in pools),
               "worker_restarts": sum(getattr(p, "restarts", 0) for p in pools)}
    if spread_configs and gpus > 1:
        summary["gpu_spread"] = gpu_spread(tasks, rows, make_pool, gpus, spread_configs)
    return rows, summary


def gpu_spread(tasks, rows, make_pool, gpus, count):
    """Times `count` configs that ran (spaced over the list) again on every
    GPU: how far the GPUs' medians of one config lie apart, against how far
    one GPU's two runs of it lie apart (the noise)."""
    picked = [i for i, row in enumerate(rows) if row.get("status") == "ok"]
    picked = picked[::max(1, len(picked) // count)][:count]
    if not picked:
        return {}
    per_gpu = [[None] * len(picked) for _ in range(gpus)]

    def drive(gpu):
        pool = make_pool(gpu)
        try:
            for n, index in enumerate(picked):
                per_gpu[gpu][n] = pool.run({k: tasks[index][k] for k in ("kernel", "bench", "shape", "config")})
        finally:
            pool.close()

    import threading
    threads = [threading.Thread(target=drive, args=(gpu,)) for gpu in range(gpus)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    configs, across, repeat = [], [], []
    for n, index in enumerate(picked):
        times = [(per_gpu[g][n] or {}).get("ms") for g in range(gpus)]
        if any(t is None for t in times):
            continue
        first = rows[index]
        again = times[first["gpu"]]
        across.append((max(times) - min(times)) / min(times))
        repeat.append(abs(again - first["ms"]) / min(again, first["ms"]))
        configs.append({"kernel": first["kernel"], "config": first["config"], "shape": first["shape"],
                        "ms_per_gpu": times, "gpu_names": [(per_gpu[g][n] or {}).get("gpu_name") for g in range(gpus)],
                        "first_run": {"gpu": first["gpu"], "ms": first["ms"]}})
    middle = lambda values: sorted(values)[len(values) // 2] if values else None  # noqa: E731
    return {"configs": configs, "median_spread_across_gpus": middle(across),
            "max_spread_across_gpus": max(across, default=None),
            "median_repeat_noise_one_gpu": middle(repeat), "max_repeat_noise_one_gpu": max(repeat, default=None)}


def worker_main():
    manifest = load_manifest()
    add_source_paths(manifest)
    import btbench_timing
    btbench_isolate.worker_loop(btbench_timing.time_config)


# --------------------------------------------------------------------------


def machine():
    info = {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform()}
    try:
        import triton
        info["triton"] = triton.__version__
    except Exception:  # noqa: BLE001
        info["triton"] = None
    try:
        import torch
        if isinstance(torch, btbench_triton.Permissive):
            raise ImportError("torch is a stand-in here")
        info["torch"] = torch.__version__
        if torch.cuda.is_available():
            info["gpu"] = torch.cuda.get_device_name(0)
            info["gpu_capability"] = "sm%d%d" % torch.cuda.get_device_capability(0)
    except Exception:  # noqa: BLE001
        info["torch"] = None
    return info


def write_results(results, path):
    btbench_isolate.write_json(results, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--compile-only", action="store_true")
    parser.add_argument("--no-compile", action="store_true", help="skip compile confirmation (timing only)")
    parser.add_argument("--archs", help="comma-separated, default: the manifest's")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=300, help="seconds per compile or timed config")
    parser.add_argument("--timing-timeout", type=float, default=120,
                        help="seconds per timed config (its compile included) before the worker is killed")
    parser.add_argument("--wider", type=int, default=None, help="configs of the wider search (tuning findings)")
    parser.add_argument("--sequential-check", type=int, default=0)
    parser.add_argument("--deadline", type=float, default=None,
                        help="seconds after which no further config is compiled (those left: not_run)")
    parser.add_argument("--kernels", help="comma-separated kernel ids or names to run (default: all)")
    parser.add_argument("--out", default=os.path.join(HERE, "results.json"))
    parser.add_argument("--tune", action="store_true",
                        help="time every config of each list btlint tune ranked, on every shape (docs/tune.md)")
    parser.add_argument("--gpus", type=int, default=None,
                        help="GPUs to spread timing, --tune and --boundary over (default: every visible GPU)")
    parser.add_argument("--gpu-spread", type=int, default=8,
                        help="with several GPUs: configs timed again on every GPU to measure their spread")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help="run compile and timing tasks on a Ray cluster (`local`: start one here)")
    parser.add_argument("--compile-jobs", type=int, default=None,
                        help="with --tune: workers compiling every config first (default: --jobs; 0: none)")
    parser.add_argument("--tune-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--boundary", action="store_true",
                        help="run every config of each benched list at the manifest's boundary shapes and compare "
                             "its output with the reference (docs/btlint-bench.md); --gpus N, --jobs N workers "
                             "(default 8 per GPU)")
    parser.add_argument("--boundary-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--worker-command", help=argparse.SUPPRESS)  # a stand-in worker (the tests' fake)
    parser.add_argument("--cuda-plan", action="store_true",
                        help="write the CUDA drivers and cuda_plan.json (what would be launched) and stop")
    args = parser.parse_args()
    if args.worker:
        return worker_main()
    if args.tune_worker:
        manifest = load_manifest()
        add_source_paths(manifest)
        import btbench_tune
        return btbench_tune.worker_main()
    if args.boundary_worker:
        manifest = load_manifest()
        add_source_paths(manifest)
        import btbench_boundary
        return btbench_boundary.worker_main()
    if args.ray:
        import btbench_ray
        cpus, gpus = btbench_ray.connect(args.ray, args.jobs, args.gpus or 0)
        args.jobs = cpus
        args.gpus = min(args.gpus, gpus) if args.gpus else gpus
        log(f"Ray cluster at {args.ray}: {cpus} CPUs, {gpus} GPUs")
    elif args.gpus is None:
        args.gpus = visible_gpus()
    if args.boundary:
        import btbench_boundary
        if args.ray:
            log("error: --boundary runs on this host's GPUs; --ray is not supported with it")
            return 2
        args.gpus = max(1, args.gpus)
        manifest = load_manifest()
        command = args.worker_command.split() if args.worker_command else [sys.executable, os.path.abspath(__file__),
                                                                           "--boundary-worker"]
        out = args.out if args.out != os.path.join(HERE, "results.json") else os.path.join(HERE,
                                                                                            "boundary_results.json")
        only = set(args.kernels.split(",")) if args.kernels else set()
        jobs = args.jobs if any(a.startswith("--jobs") for a in sys.argv) else min(8 * args.gpus, os.cpu_count() or 1)
        btbench_boundary.run(manifest, command, args.gpus, jobs, max(args.timeout, 300), out, log, only)
        return 0
    if args.tune:
        import btbench_tune
        manifest = load_manifest()
        command = args.worker_command.split() if args.worker_command else None
        out = args.out if args.out != os.path.join(HERE, "results.json") else os.path.join(HERE, "tune_results.json")
        only = set(args.kernels.split(",")) if args.kernels else set()
        compile_jobs = args.jobs if args.compile_jobs is None else args.compile_jobs
        timeout = args.timing_timeout * 8
        gpus = max(1, args.gpus)
        if args.ray:
            make_pool = btbench_ray.actor_pools(command or ["{python}", "{harness}/run.py", "--tune-worker"], timeout,
                                                min(1.0, gpus / max(1, compile_jobs)))
            make_timing_pool = btbench_ray.actor_pools(command or ["{python}", "{harness}/run.py", "--tune-worker"],
                                                       timeout, 1.0)
        else:
            command = command or [sys.executable, os.path.abspath(__file__), "--tune-worker"]
            make_pool = make_timing_pool = btbench_tune.local_pool(command, timeout)
        btbench_tune.run(manifest, make_timing_pool, gpus, out, log, only, compile_jobs,
                         STARTED + args.deadline if args.deadline else None, make_compile_pool=make_pool)
        return 0
    if args.cuda_plan:
        import btbench_cuda
        planned = btbench_cuda.plan(load_manifest())
        btbench_cuda.write_drivers(HERE, planned)
        with open(os.path.join(HERE, "cuda_plan.json"), "w") as f:
            json.dump(planned, f, indent=1, sort_keys=True)
        log(f"wrote {len(planned['drivers'])} drivers and cuda_plan.json ({len(planned['runs'])} runs)")
        return 0

    # The GPU stays visible: a kernel module may ask for it when imported (a
    # device query choosing its configs). Imports and heuristics run here,
    # before the fork; the forked compile workers never touch CUDA.
    manifest = load_manifest()
    add_source_paths(manifest)
    has_triton_kernels = any(k.get("language") == "triton" for k in manifest.get("kernels", []))
    if has_triton_kernels and not args.no_compile:
        try:
            import triton  # noqa: F401
        except ImportError as exc:
            log(f"error: triton is not importable here ({exc}); the Triton kernels cannot be compiled. "
                f"Install it (`pip install triton`) or run on a machine that has it.")
            return 3
    if not args.compile_only and manifest.get("launchers") and not args.worker_command:
        try:
            import torch  # noqa: F401
        except ImportError as exc:
            log(f"error: torch is not importable here ({exc}); timing needs it (or pass --compile-only)")
            return 3
    if args.kernels:
        ONLY.update(args.kernels.split(","))
    archs = args.archs.split(",") if args.archs else manifest["archs"]
    # A stand-in worker (the tests') times without a GPU on the GPUs it is told.
    stand_in = bool(args.worker_command and args.gpus)
    timing = not args.compile_only and (gpu_available() or stand_in)
    results = {"format": 1, "started": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
               "archs": archs, "mode": "compile+timing" if timing else "compile-only"}
    results["kernels"] = resolve_kernels(manifest, stub_missing=not timing or stand_in)
    if not args.no_compile:
        results["compile"], results["compile_summary"] = compile_phase(manifest, archs, args.jobs, args.timeout,
                                                                       args.sequential_check, args.deadline,
                                                                       args.ray, not timing)
        results["cuda"] = cuda_phase(manifest, archs, args.jobs, args.timeout)
        write_results(results, args.out)  # kept if timing is cut short
    if timing:
        wider = args.wider if args.wider is not None else manifest.get("wider_search", 24)
        results["timing"], results["timing_summary"] = timing_phase(manifest, args.timing_timeout, wider,
                                                                    max(1, args.gpus), args.ray,
                                                                    args.worker_command, args.gpu_spread)
    elif not args.compile_only:
        results["timing_skipped"] = "no CUDA GPU visible to torch" if not gpu_available() else ""
    import btbench_cuda
    gpu = btbench_cuda.gpu_info()
    if manifest.get("cuda_sources") and not args.compile_only:
        if gpu and btbench_cuda.find_nvcc():
            results.update(cuda_launch_phase(manifest, args.jobs, args.timeout, args.timing_timeout, gpu))
        else:
            results["cuda_launch_skipped"] = "no GPU (nvidia-smi)" if not gpu else "no nvcc"
    results["machine"] = machine()  # after the forks: asking for the GPU's name initialises CUDA
    if gpu:
        results["machine"].update(gpu_driver=gpu["driver"])
        results["machine"].setdefault("gpu", gpu["gpu"])
        results["machine"].setdefault("gpu_capability", gpu["capability"])
    if manifest.get("cuda_sources"):
        results["machine"]["nvcc"] = btbench_cuda.nvcc_version()
    results["finished"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    write_results(results, args.out)
    log(f"wrote {args.out}")
    # Fail loudly: a run that compiled nothing confirms nothing.
    statuses = (results.get("compile_summary") or {}).get("statuses", {})
    compiled = statuses.get("ok", 0) + statuses.get("out_of_resources", 0)
    tasks = (results.get("compile_summary") or {}).get("tasks", 0)
    if not args.no_compile and has_triton_kernels and compiled == 0:
        failed = {k: v for k, v in statuses.items() if k not in ("ok", "out_of_resources")}
        imports = sum(1 for k in results.get("kernels", []) if k.get("status") == "import_error")
        log(f"error: no config compiled ({tasks} tried: {failed or 'none'}; {imports} kernels failed to import)")
        return 1
    if tasks:
        missing = statuses.get("missing_module", 0)
        log(f"{compiled} of {tasks} configs compiled" +
            (f"; {missing} not decided: the kernel uses a module not installed here" if missing else ""))
    if results.get("timing"):
        try:
            import btbench_plot
            path = btbench_plot.plot(manifest, results, os.path.join(os.path.dirname(args.out), "throughput.png"))
            if path:
                log(f"wrote {path}")
        except Exception as exc:  # noqa: BLE001 - the plot is optional
            log(f"no plot: {type(exc).__name__}: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
