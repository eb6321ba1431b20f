"""Boundary correctness (run.py --boundary, docs/btlint-bench.md): every config
of each benched list at the boundary shapes btlint-bench derived from the
spec (manifest: kernel["boundary"]), its output compared with the reference.

Per (config, shape) the result is one of
  match                  every output allclose to the reference
  mismatch               some output is not (max abs and rel error, elements
                         off, NaN left in it: tiles never written)
  out_of_bounds_write    a guard zone after a tensor was written
  illegal_memory_access  and the other sticky CUDA errors: the worker retires
                         and the config goes on at the next shape in a new one
  error, timeout, crashed, out_of_resources
and for the list's first config when it is the reference: reference.

The launcher named in the spec is called as launcher(shapes, dtype, check=True)
and returns (launch, outputs, inputs): a callable that launches the kernel
once, the tensor (or tuple of tensors) it writes, and the tuple of inputs the
spec's `reference:` takes (`reference(*inputs)` returns the expected
output(s)). Without `reference:` the list's first config is the reference.
Before each launch the outputs are filled with NaN, so tiles never written
show. Inputs are made after torch.manual_seed(SEED), the same for every
config. Tensors from randn()/empty() below carry a guard zone after their
end: NaN after an input (a read past the end poisons the output) and a
sentinel after an output (a write past the end shows).

Each task is one config of one kernel over its boundary shapes, run in a
worker pool pinned to one GPU (`--gpus`); `--jobs` pools run side by side
(compiles are the cost: several per GPU overlap them).
"""
import importlib
import inspect
import re
import sys
import time

import btbench_isolate

SEED = 20260
SHAPE_MARK = "@@btbench-boundary-shape "
OUTPUT_SENTINEL = -12345.0

# (rtol, atol) per btlint dtype: a few units in the last place of the type
# after a K of a few hundred, far below what a garbage tile or NaN gives.
# fp32 allows tf32 dots (Triton's default for fp32 inputs).
TOLERANCES = {"fp16": (1e-2, 1e-2), "bf16": (2e-2, 5e-2), "fp32": (1e-2, 1e-2), "tf32": (1e-2, 1e-2),
              "fp8e4nv": (1e-1, 1e-1), "fp8e5": (1e-1, 1e-1), "fp64": (1e-6, 1e-6)}


def tolerances(dtype):
    return TOLERANCES.get(dtype, TOLERANCES["fp16"])


# --------------------------------------------------------------------------
# Guarded tensors, for launchers.
# --------------------------------------------------------------------------

_GUARDS = []  # (name, guard view, its initial contents) of the tensors made since the launcher began


def _guard_elements(shape):
    # A tile past the end along the first dimension: 256 of its slices.
    inner = 1
    for extent in shape[1:]:
        inner *= extent
    return 256 * inner + 4096


def _guarded(shape, dtype, fill_body, guard_value, device):
    import torch
    numel = 1
    for extent in shape:
        numel *= extent
    buffer = torch.empty(numel + _guard_elements(shape), dtype=dtype, device=device)
    body, guard = buffer[:numel], buffer[numel:]
    fill_body(body)
    guard.fill_(guard_value)
    _GUARDS.append((f"{tuple(shape)}", guard, guard.clone()))
    return body.view(*shape)


def randn(*shape, dtype, device="cuda"):
    """torch.randn with NaN after its end: a read past the end shows as NaN."""
    import torch
    return _guarded(shape, dtype, lambda t: t.copy_(torch.randn(t.shape, device=device).to(dtype)),
                    float("nan"), device)


def empty(*shape, dtype, device="cuda"):
    """An output tensor with a sentinel after its end: a write past the end shows."""
    return _guarded(shape, dtype, lambda t: None, OUTPUT_SENTINEL, device)


def restore_guards():
    """Guard zones back to their fill (after the reference config ran)."""
    for _, guard, initial in _GUARDS:
        guard.copy_(initial)


def broken_guards():
    """The guard zones written since the launcher made them: (tensor, elements changed)."""
    import torch
    broken = []
    for name, guard, initial in _GUARDS:
        same = guard.view(torch.uint8).view(-1) == initial.view(torch.uint8).view(-1)
        if not bool(same.all()):
            changed = int((~same).view(-1, guard.element_size()).any(dim=1).sum())
            broken.append((name, changed))
    return broken


# --------------------------------------------------------------------------
# The worker: one config over shapes.
# --------------------------------------------------------------------------


def _as_tuple(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def compare(outputs, expected, rtol, atol):
    """None when every output is allclose to the expected, else what differs."""
    import torch
    if len(outputs) != len(expected):
        return {"detail": f"{len(outputs)} outputs against {len(expected)} expected"}
    worst = None
    for number, (out, want) in enumerate(zip(outputs, expected)):
        out, want = out.float(), want.float().to(out.device)
        if out.shape != want.shape:
            return {"detail": f"output {number} has shape {tuple(out.shape)}, the reference {tuple(want.shape)}"}
        if torch.allclose(out, want, rtol=rtol, atol=atol):
            continue
        diff = (out - want).abs()
        bad = ~torch.isclose(out, want, rtol=rtol, atol=atol)
        rel = diff / want.abs().clamp_min(atol)
        first = [int(i) for i in bad.nonzero()[0].tolist()] if bad.any() else []
        # Errors over the finite elements; NaN (tiles never written) and
        # infinities are counted apart.
        finite = torch.isfinite(diff)
        record = {"output": number, "elements_off": int(bad.sum()), "elements": out.numel(),
                  "nan": int(torch.isnan(out).sum()), "non_finite": int((~finite).sum()), "first_off_at": first,
                  "max_abs_error": float(diff[finite].max()) if finite.any() else None,
                  "max_rel_error": float(rel[finite].max()) if finite.any() else None}
        if worst is None:
            worst = record
    return worst


def _force(autotuner, config):
    from btbench_timing import make_config
    autotuner.configs = [make_config(config)]
    autotuner.cache.clear()


def check_shapes(task):
    """Worker entry: the task's config at each of its shapes. A sticky CUDA
    error ends the task there: the rows so far and the fault, and the worker
    retires (the driver sends the shapes left to a new one)."""
    import torch
    from btbench_timing import resolve
    from btbench_triton import unwrap
    kernel, bench = task["kernel"], task["bench"]
    dtype = bench.get("dtype") or kernel.get("dtype") or "fp16"
    rtol, atol = tolerances(dtype)
    module = importlib.import_module(kernel["module"])
    autotuner, _, _ = unwrap(getattr(module, kernel["name"]))
    if autotuner is None:
        raise ValueError(f"{kernel['name']} is not autotuned: there is no config list to check")
    launcher = resolve(bench["launcher"])
    parameters = inspect.signature(launcher).parameters
    if "check" not in parameters and not any(p.kind == p.VAR_KEYWORD for p in parameters.values()):
        raise TypeError(f"launcher `{bench['launcher']}` takes no `check` argument: with check=True it must "
                        f"return (launch, outputs, inputs) (docs/btlint-bench.md)")
    reference = resolve(bench["reference"]) if bench.get("reference") else None
    first = task["first_config"]
    rows = []
    for item in task["shapes"]:
        print(SHAPE_MARK + str(item["index"]), flush=True)
        row = {"index": item["index"]}
        try:
            row.update(_check_one(task, item["shape"], dtype, rtol, atol, autotuner, launcher, reference, first))
        except Exception as exc:  # noqa: BLE001 - a failing shape is a result
            text = f"{type(exc).__name__}: {exc}"
            sticky = btbench_isolate.classify_runtime_error(text)
            row["status"] = sticky or ("out_of_resources" if type(exc).__name__ == "OutOfResources" else "error")
            row["error"] = text[:400]
            if sticky:
                rows.append(row)
                return {"status": "ok", "shapes": rows, "retire_worker": True}
        rows.append(row)
    return {"status": "ok", "shapes": rows}


def _check_one(task, shape, dtype, rtol, atol, autotuner, launcher, reference, first):
    import torch
    del _GUARDS[:]
    torch.manual_seed(SEED)
    made = launcher(dict(shape), dtype, check=True)
    made = _as_tuple(made)
    launch, outputs = made[0], made[1] if len(made) > 1 else None
    inputs = _as_tuple(made[2]) if len(made) > 2 and made[2] is not None else ()
    outputs = _as_tuple(outputs) if outputs is not None else None

    def run():
        if outputs is not None:
            for out in outputs:
                out.fill_(float("nan") if out.is_floating_point() else -1)
        returned = launch()
        torch.cuda.synchronize()
        return outputs if outputs is not None else _as_tuple(returned)

    if reference is not None:
        expected, source = _as_tuple(reference(*inputs)), "reference"
        torch.cuda.synchronize()
    elif task["config"]["index"] == first["index"]:
        expected, source = None, "first_config"
    else:
        _force(autotuner, first)
        expected, source = tuple(t.clone() for t in run()), "first_config"
        restore_guards()  # what the reference wrote past the end is the reference's to answer for
    _force(autotuner, task["config"])
    start = time.perf_counter()
    got = run()
    row = {"seconds": round(time.perf_counter() - start, 4), "reference": source}
    broken = broken_guards()
    if broken:
        row["status"] = "out_of_bounds_write"
        row["guards"] = [{"tensor": name, "elements_written": count} for name, count in broken]
    if expected is None:
        row.setdefault("status", "reference")
        return row
    difference = compare(got, expected, rtol, atol)
    if difference:
        row.setdefault("status", "mismatch")
        row.update(difference)
    row.setdefault("status", "match")
    row.update(rtol=rtol, atol=atol)
    return row


def worker_main():
    btbench_isolate.worker_loop(check_shapes)


# --------------------------------------------------------------------------
# The driver.
# --------------------------------------------------------------------------


def boundary_tasks(manifest, only=()):
    """One task per (kernel, config) of every kernel with boundary shapes."""
    tasks = []
    for kernel in manifest.get("kernels", []):
        boundary, configs = kernel.get("boundary"), kernel.get("configs") or []
        if not boundary or not kernel.get("bench") or not configs:
            continue
        if only and kernel["id"] not in only and kernel["name"] not in only:
            continue
        shapes = [{"index": i, "shape": s["shape"]} for i, s in enumerate(boundary["shapes"])]
        light = {k: v for k, v in kernel.items() if k not in ("configs", "tune", "boundary")}
        for config in configs:
            tasks.append({"kernel": light, "bench": kernel["bench"], "config": config, "first_config": configs[0],
                          "shapes": shapes})
    return tasks


def _failed_shape(result, shapes):
    """The shape a worker died or hung on: the last one it announced."""
    marks = re.findall(re.escape(SHAPE_MARK) + r"(\d+)", result.get("output") or "")
    indices = [s["index"] for s in shapes]
    if marks and int(marks[-1]) in indices:
        return int(marks[-1])
    return indices[0]


def run(manifest, worker_command, gpus, jobs, timeout, out, log, only=()):
    """Runs the tasks over `jobs` worker pools on `gpus` GPUs; writes `out`."""
    tasks = boundary_tasks(manifest, only)
    shapes_total = sum(len(t["shapes"]) for t in tasks)
    pools = max(1, jobs)
    log(f"boundary: {len(tasks)} configs over {shapes_total} (config, shape) pairs, {pools} workers on "
        f"{max(1, gpus)} GPU(s)")
    rows, restarts = [], [0]
    started = time.time()

    def record(task, row, worker):
        shape = next(s for s in task["shapes"] if s["index"] == row["index"])
        full = {"kernel": task["kernel"]["id"], "name": task["kernel"]["name"], "config": task["config"]["index"],
                "shape_index": row["index"],
                "shape": shape["shape"], "worker": worker}
        full.update({k: v for k, v in row.items() if k != "index"})
        rows.append(full)

    requests = [{k: task[k] for k in ("kernel", "bench", "config", "first_config", "shapes")} for task in tasks]

    def checked(index, result, worker):
        task = requests[index]
        done = {r["index"] for r in result.get("shapes") or []}
        for row in result.get("shapes") or []:
            record(task, row, worker)
        if not result.get("shapes"):
            # Died, hung or failed before any row: the shape it was on gets
            # the failure, the others go to a new worker.
            failed = _failed_shape(result, task["shapes"])
            record(task, {"index": failed, "status": result.get("status", "error"),
                          "error": (result.get("error") or "")[:400]}, worker)
            done.add(failed)
        if len(rows) % 100 < len(done):
            log(f"  {len(rows)}/{shapes_total} (config, shape) pairs checked")
        left = [s for s in task["shapes"] if s["index"] not in done]
        if not left:
            return None
        restarts[0] += 1
        requests[index] = dict(task, shapes=left)
        return requests[index]

    btbench_isolate.run_on_pools(
        requests, lambda worker: btbench_isolate.pinned_pool(worker_command, timeout, worker % max(1, gpus)),
        list(range(pools)), checked)
    rows.sort(key=lambda r: (r["kernel"], r["config"], r["shape_index"]))
    statuses = {}
    for row in rows:
        statuses[row["status"]] = statuses.get(row["status"], 0) + 1
    results = {"format": 1, "rows": rows, "gpus": gpus, "jobs": pools, "seed": SEED,
               "wall_seconds": round(time.time() - started, 2), "statuses": statuses,
               "resumed_tasks": restarts[0]}
    btbench_isolate.write_json(results, out)
    log(f"boundary: wrote {out} ({len(rows)} rows in {results['wall_seconds']} s: {statuses})")
    return rows


if __name__ == "__main__":
    sys.exit(worker_main())
