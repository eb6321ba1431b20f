"""Timing side of the btlint-bench harness (runs inside a worker process on a
GPU): one config of an autotuned kernel timed through the user's own launcher.

The launcher named in the bench spec (`module:function`) is called as
`function(shapes, dtype)` with the shape dict and btlint's dtype name, and
returns a callable that launches the kernel once. To time one config, the
harness replaces the autotuner's list by that single config (Triton's
Autotuner runs a one-config list without benchmarking), so the user's
launcher needs no change.
"""
import importlib
import itertools
import random

from btbench_triton import unwrap

MIN_WARMUP_MS = 25
MIN_REP_MS = 100


def resolve(spec):
    module_name, _, function = spec.partition(":")
    if not function:
        raise ValueError(f"launcher `{spec}` must be module:function")
    target = importlib.import_module(module_name)
    for part in function.split("."):
        target = getattr(target, part)
    return target


def evaluate_formula(formula, shapes):
    """flops or bytes of one launch from the spec's arithmetic formula."""
    names = dict(shapes)
    return float(eval(formula, {"__builtins__": {}, "min": min, "max": max}, names))  # noqa: S307 - runner only


def make_config(config):
    import triton
    extra = {}
    if config.get("maxnreg"):
        extra["maxnreg"] = config["maxnreg"]
    return triton.Config(dict(config["params"]), num_warps=config["num_warps"], num_stages=config["num_stages"],
                         num_ctas=config.get("num_ctas") or 1, **extra)


def jit_numbers(fn):
    """Shared memory, registers and spills of the binary the JIT loaded last."""
    try:
        for caches in fn.device_caches.values():
            kernel_cache = caches[0]
            if kernel_cache:
                compiled = list(kernel_cache.values())[-1]
                compiled._init_handles()
                return {"jit_shared_bytes": int(compiled.metadata.shared), "jit_regs": int(compiled.n_regs),
                        "jit_spills": int(compiled.n_spills)}
    except Exception:  # noqa: BLE001 - optional detail
        pass
    return {}


def time_config(task):
    """Worker entry: time one config; a dict with ms and throughput."""
    import torch
    import triton
    kernel = task["kernel"]
    bench = task["bench"]
    module = importlib.import_module(kernel["module"])
    autotuner, _, fn = unwrap(getattr(module, kernel["name"]))
    if autotuner is None:
        raise ValueError(f"{kernel['name']} is not autotuned: there is no config list to time")
    autotuner.configs = [make_config(task["config"])]
    autotuner.cache.clear()
    for caches in fn.device_caches.values():
        caches[0].clear()  # measure the binary of this config, not an earlier one
    launch = resolve(bench["launcher"])(dict(task["shape"]), bench.get("dtype") or kernel.get("dtype") or "fp16")
    launch()
    torch.cuda.synchronize()
    warmup = max(MIN_WARMUP_MS, int(bench.get("warmup_ms") or MIN_WARMUP_MS))
    rep = max(MIN_REP_MS, int(bench.get("rep_ms") or MIN_REP_MS))
    ms = triton.testing.do_bench(launch, warmup=warmup, rep=rep, return_mode="median")
    result = {"status": "ok", "ms": ms, "warmup_ms": warmup, "rep_ms": rep, "gpu_name": torch.cuda.get_device_name()}
    if bench.get("flops"):
        result["tflops"] = evaluate_formula(bench["flops"], task["shape"]) / (ms * 1e-3) / 1e12
    if bench.get("bytes"):
        result["gbs"] = evaluate_formula(bench["bytes"], task["shape"]) / (ms * 1e-3) / 1e9
    result.update(jit_numbers(fn))
    return result


POW2 = [16, 32, 64, 128, 256]


def wider_search(kernel, configs, size, seed=0):
    """A wider config list around the flagged one, for tuning findings
    (too-few-configs): every tile parameter over the powers of two from half
    the smallest to twice the largest value in the list (within 16..256),
    num_warps 4 and 8, num_stages 2 to 5; other parameters keep the first
    config's values. A deterministic sample of at most `size`, the list's own
    configs excluded."""
    if not configs:
        return []
    tile_params = [p for p in kernel.get("tile_params", []) if all(
        isinstance(c["params"].get(p), int) for c in configs)]
    axes = []
    for p in tile_params:
        values = [c["params"][p] for c in configs]
        low, high = max(16, min(values) // 2), min(256, max(values) * 2)
        axes.append([v for v in POW2 if low <= v <= high] or sorted(set(values)))
    base = configs[0]
    own = [(tuple(c["params"].get(p) for p in tile_params), c["num_warps"], c["num_stages"]) for c in configs]
    candidates = []
    for tiles in itertools.product(*axes):
        for warps, stages in itertools.product([4, 8], [2, 3, 4, 5]):
            if (tiles, warps, stages) in own:
                continue
            params = dict(base["params"])
            params.update(zip(tile_params, tiles))
            candidates.append({"params": params, "num_warps": warps, "num_stages": stages,
                               "num_ctas": 1, "maxnreg": None})
    random.Random(seed).shuffle(candidates)
    return candidates[:size]
