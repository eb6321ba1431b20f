"""CUDA side of the btlint-bench harness: compile each flagged .cu file with
`nvcc -Xptxas -v` for each arch and read what ptxas allocated per entry
function (static shared memory, registers, spills), or the error it gave;
and, on a GPU, launch the kernels through a generated driver: a launch check
for each CUDA launch finding, CUDA-event timing for each bench spec.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
PROPERTIES = re.compile(r"Function properties for (\S+)")
FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
USED = re.compile(r"Used (\d+) registers(?:.*?, (\d+) bytes smem)?")
TOO_MUCH_SHARED = re.compile(r"Entry function '([^']+)' uses too much shared data \((0x[0-9a-fA-F]+) bytes, "
                             r"(0x[0-9a-fA-F]+) max\)")


def find_nvcc():
    for candidate in (os.environ.get("BTBENCH_NVCC"), shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def parse_ptxas(log):
    """Per entry symbol: regs, smem_bytes, spills, stack, or error."""
    entries = {}
    current = None
    for line in log.splitlines():
        m = ENTRY.search(line)
        if m:
            current = entries.setdefault(m.group(1), {"symbol": m.group(1)})
            continue
        m = PROPERTIES.search(line)
        if m:
            current = entries.setdefault(m.group(1), {"symbol": m.group(1)})
            continue
        m = FRAME.search(line)
        if m and current is not None:
            current.update(stack_bytes=int(m.group(1)), spill_store_bytes=int(m.group(2)),
                           spill_load_bytes=int(m.group(3)))
            continue
        m = USED.search(line)
        if m and current is not None:
            current["regs"] = int(m.group(1))
            current["shared_bytes"] = int(m.group(2) or 0)
            continue
        m = TOO_MUCH_SHARED.search(line)
        if m:
            entry = entries.setdefault(m.group(1), {"symbol": m.group(1)})
            entry.update(status="compile_error", shared_bytes=int(m.group(2), 16),
                         error=f"ptxas: uses too much shared data ({int(m.group(2), 16)} bytes, "
                               f"{int(m.group(3), 16)} max)")
    for entry in entries.values():
        entry.setdefault("status", "ok")
    return entries


def compile_cuda(task):
    """task: {source, arch (int), include_dirs}; the ptxas view of every entry."""
    nvcc = find_nvcc()
    if not nvcc:
        return {"status": "nvcc_missing", "error": "nvcc not found (PATH, /usr/local/cuda/bin, BTBENCH_NVCC)"}
    with tempfile.TemporaryDirectory() as tmp:
        command = [nvcc, f"-arch=sm_{task['arch']}", "-Xptxas", "-v", "-cubin", "-o", os.path.join(tmp, "k.cubin"),
                   "-std=c++17"]
        for include in task.get("include_dirs", []):
            command += ["-I", include]
        # A header with a kernel of its own (.cuh, .h) is compiled as CUDA:
        # nvcc picks the language from the extension and rejects others.
        if not task["source"].endswith(".cu"):
            command += ["-x", "cu"]
        command.append(task["source"])
        done = subprocess.run(command, capture_output=True, text=True, timeout=task.get("timeout", 300))
    log = done.stdout + done.stderr
    result = {"status": "ok" if done.returncode == 0 else "compile_error", "entries": parse_ptxas(log),
              "command": " ".join(os.path.basename(c) if i == 0 else c for i, c in enumerate(command))}
    if done.returncode != 0:
        errors = [line for line in log.splitlines() if "error" in line]
        result["error"] = "; ".join(errors[:3])[:600] or f"nvcc exited with {done.returncode}"
    return result


# --------------------------------------------------------------------------
# Launching and timing: one generated driver per flagged .cu file
# (btbench_driver.cuh holds what they share).
# --------------------------------------------------------------------------

DRIVER_DIR = "cuda_drivers"
RESULT_PREFIX = "@@btbench-cuda "
DEFAULT_INT = 4096            # an integer parameter no shape names (as for Triton kernels)
DEFAULT_ELEMENTS = 1 << 24    # a pointer parameter no formula sizes: 16 Mi elements
NO_OPT_IN_LIMIT = 48 * 1024   # dynamic + static shared memory a launch may use without opting in
LAUNCH_RULES = ("dynamic-smem-missing-optin", "block-size-invalid")


def cdiv(a, b):
    return -(-a // b)


def evaluate(formula, names, integer):
    """A launch formula over shape names and template parameters. `integer`:
    C++'s integer arithmetic (/ truncates), as the launch itself computes it."""
    text = str(formula)
    if integer:
        text = text.replace("/", "//")
    value = eval(text, {"__builtins__": {}, "min": min, "max": max, "cdiv": cdiv}, dict(names))
    return int(value) if integer else value


def names_for(kernel, shape):
    names = {"stream": 0}
    names.update({k: v for k, v in (kernel.get("template_args") or {}).items() if isinstance(v, (int, float))
                  and not isinstance(v, bool)})
    names.update(shape)
    return names


def argument_values(kernel, bench, shape):
    """One number per parameter of the kernel (pointers: elements), and
    the parameters whose value was assumed."""
    names = names_for(kernel, shape)
    by_name = {}
    if bench and not bench.get("args_positional"):
        by_name = {name: formula for name, formula in bench.get("args", [])}
    lower = {k.lower(): v for k, v in shape.items()}
    values, assumed = [], []
    for param in kernel.get("params", []):
        name, kind = param["name"], param.get("kind")
        if kind == "constexpr":
            continue  # a template parameter, not an argument
        if name in by_name:
            value = evaluate(by_name[name], names, integer=kind != "float")
        elif kind != "pointer" and name in shape:
            value = shape[name]
        elif kind != "pointer" and name.lower() in lower:
            value = lower[name.lower()]
        elif kind == "pointer":
            value = DEFAULT_ELEMENTS
            assumed.append(name)
        elif kind == "float":
            value = 1.0
            assumed.append(name)
        else:
            value = param.get("default") if isinstance(param.get("default"), int) else DEFAULT_INT
            assumed.append(name)
        values.append(value)
    return values, assumed


def dims(formulas, names):
    out = [evaluate(f, names, integer=True) for f in formulas][:3]
    return out + [1] * (3 - len(out))


def cuda_shapes(bench):
    shapes = bench.get("shapes") or [{}]
    return shapes if isinstance(shapes, list) else [shapes]


def plan(manifest):
    """The drivers to write and the runs to make: a launch check for every
    CUDA launch finding (the launch as btlint read it, one block, no opt-in),
    and a timed launch per kernel (instantiation) and shape of each CUDA
    bench spec. Pure Python: tested without nvcc or a GPU."""
    kernels = {k["id"]: k for k in manifest.get("kernels", []) if k.get("language") == "cuda"}
    drivers = {}  # cuda source id -> {"entries": [...], "index": {(kind, name): n}}

    def entry(kernel, kind, name):
        driver = drivers.setdefault(kernel["cuda_source"], {"entries": [], "index": {}})
        key = (kind, name)
        if key not in driver["index"]:
            driver["index"][key] = len(driver["entries"])
            driver["entries"].append({"kind": kind, "name": name, "kernel": kernel["id"]})
        return driver["index"][key]

    runs = []
    for finding in manifest.get("findings", []):
        launch = finding.get("launch")
        if not launch or finding.get("rule") not in LAUNCH_RULES or launch.get("kernel") not in kernels:
            continue
        kernel = kernels[launch["kernel"]]
        block = launch.get("block") or ([launch["threads"], 1, 1] if launch.get("threads") is not None else None)
        run = {"kind": "check", "finding": finding["id"], "rule": finding["rule"], "kernel": kernel["id"],
               "name": kernel["name"], "source": kernel["cuda_source"], "line": launch.get("line")}
        if block is None or kernel.get("template_pattern"):
            run.update(status="not_run", error="btlint did not read a constant block size for this launch"
                       if block is None else "the template is not instantiated in the file")
            runs.append(run)
            continue
        bench = kernel.get("bench") or {}
        shape = dict(cuda_shapes(bench)[0]) if bench else dict(kernel.get("shapes") or {})
        values, assumed = argument_values(kernel, bench if bench.get("grid") else None, shape)
        smem = int(launch.get("dynamic_smem_bytes") or 0)
        static = int(kernel.get("estimated_static_shared_bytes") or 0)
        # Where the launch needs the opt-in, the driver then shows the fixed launch too.
        run.update(entry=entry(kernel, "kernel", kernel["name"]), grid=[1, 1, 1], block=block, smem=smem,
                   opt_in=0, then_opt_in=1 if smem > 0 and smem + static > NO_OPT_IN_LIMIT else 0,
                   values=values, assumed=assumed, shape=shape)
        runs.append(run)
    for kernel in kernels.values():
        bench = kernel.get("bench")
        if not bench or not (bench.get("grid") or bench.get("host")) or kernel.get("template_pattern"):
            continue
        for shape in cuda_shapes(bench):
            run = {"kind": "time", "kernel": kernel["id"], "name": kernel["name"], "source": kernel["cuda_source"],
                   "shape": dict(shape), "warmup_ms": max(25, int(bench.get("warmup_ms") or 25)),
                   "rep_ms": max(100, int(bench.get("rep_ms") or 100))}
            names = names_for(kernel, shape)
            try:
                if bench.get("host"):
                    if any(r.get("host") == bench["host"] and r.get("shape") == run["shape"] for r in runs):
                        continue  # one host function launches for every instantiation the spec names
                    run.update(host=bench["host"], entry=entry(kernel, "host", bench["host"]),
                               values=[evaluate(f, names, integer="." not in f) for _, f in bench.get("args", [])],
                               grid=None, block=None, smem=None, opt_in=0, assumed=[])
                else:
                    values, assumed = argument_values(kernel, bench, shape)
                    smem = evaluate(bench["smem"], names, integer=True) if bench.get("smem") else 0
                    static = int(kernel.get("estimated_static_shared_bytes") or 0)
                    run.update(entry=entry(kernel, "kernel", kernel["name"]), grid=dims(bench["grid"], names),
                               block=dims(bench["block"], names), smem=smem, values=values, assumed=assumed,
                               # Timed as it should be launched: opted in where it needs it.
                               opt_in=1 if smem + static > NO_OPT_IN_LIMIT else 0)
            except Exception as exc:  # noqa: BLE001 - a formula that does not evaluate is a result
                run.update(status="spec_error", error=f"{type(exc).__name__}: {exc}"[:300])
            runs.append(run)
    sources = {s["id"]: s for s in manifest.get("cuda_sources", [])}
    driver_list = []
    for source_id in sorted(drivers):
        source = sources[source_id]
        driver_list.append({"source": source_id, "file": f"{DRIVER_DIR}/{source_id}_driver.cu",
                            "cuda_file": source["source"], "include_dirs": source.get("include_dirs", []),
                            "entries": drivers[source_id]["entries"]})
    return {"drivers": driver_list, "runs": runs}


def driver_text(driver):
    """The C++ of one driver: the user's file, the shared code, the table."""
    lines = [f"// Generated by btlint-bench (btbench_cuda.py) for {driver['cuda_file']}: launches its",
             "// kernels and host functions for run.py's launch checks and CUDA-event timing.",
             "#define main btbench_user_main  // the driver has its own main",
             f'#include "../{driver["cuda_file"]}"',
             "#undef main",
             '#include "../btbench_driver.cuh"',
             "",
             "static const btbench::Entry kEntries[] = {"]
    for n, e in enumerate(driver["entries"]):
        make = "kernelEntry" if e["kind"] == "kernel" else "hostEntry"
        name = e["name"].replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'    btbench::{make}("{name}", &{e["name"]}),  // {n}: {e["kernel"]}')
    lines += ["};", "",
              "int main(int argc, char **argv) {",
              "  return btbench::run(kEntries, sizeof kEntries / sizeof kEntries[0], argc, argv);",
              "}", ""]
    return "\n".join(lines)


def write_drivers(root, planned):
    os.makedirs(os.path.join(root, DRIVER_DIR), exist_ok=True)
    for driver in planned["drivers"]:
        with open(os.path.join(root, driver["file"]), "w") as f:
            f.write(driver_text(driver))


def gpu_info():
    """Name, compute capability and driver of GPU 0 from nvidia-smi (no CUDA
    context in this process), or None."""
    smi = shutil.which("nvidia-smi")
    if not smi:
        return None
    try:
        done = subprocess.run([smi, "--query-gpu=name,compute_cap,driver_version", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    line = done.stdout.strip().splitlines()[0] if done.returncode == 0 and done.stdout.strip() else ""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) < 3:
        return None
    return {"gpu": parts[0], "capability": "sm" + parts[1].replace(".", ""), "driver": parts[2]}


def nvcc_version():
    nvcc = find_nvcc()
    if not nvcc:
        return None
    try:
        done = subprocess.run([nvcc, "--version"], capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r"release ([\d.]+), V([\d.]+)", done.stdout)
    return m.group(2) if m else done.stdout.strip().splitlines()[-1] if done.stdout.strip() else None


def compile_driver(task):
    """task: {root, file, include_dirs, arch, timeout}: nvcc -O3 for the GPU."""
    nvcc = find_nvcc()
    if not nvcc:
        return {"status": "nvcc_missing", "error": "nvcc not found (PATH, /usr/local/cuda/bin, BTBENCH_NVCC)"}
    source = os.path.join(task["root"], task["file"])
    binary = source[:-3]
    command = [nvcc, "-std=c++17", "-O3", f"-arch=sm_{task['arch']}", "-o", binary]
    for include in task.get("include_dirs", []):
        command += ["-I", os.path.join(task["root"], include)]
    command.append(source)
    started = time.time()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=task.get("timeout", 300),
                              check=False)
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "error": f"nvcc took over {task.get('timeout', 300)} s"}
    log = done.stdout + done.stderr
    result = {"status": "ok" if done.returncode == 0 else "compile_error", "binary": binary,
              "seconds": round(time.time() - started, 2),
              "command": " ".join(os.path.relpath(c, task["root"]) if os.path.isabs(c) and c.startswith(
                  task["root"]) else (os.path.basename(c) if i == 0 else c) for i, c in enumerate(command))}
    if done.returncode != 0:
        errors = [line for line in log.splitlines() if "error" in line]
        result["error"] = "; ".join(errors[:3])[:600] or f"nvcc exited with {done.returncode}"
    return result


def run_driver(binary, arguments, timeout):
    """Runs one driver process (a fresh CUDA context): its JSON result, or
    'timeout' (killed) / 'crashed' with the exit status and output."""
    import btbench_isolate
    process = subprocess.Popen([binary] + arguments, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, 9)
        except (ProcessLookupError, PermissionError):
            pass
        process.communicate()
        return {"status": "timeout", "error": f"no result within {timeout} s; driver killed"}
    for line in output.splitlines():
        if line.startswith(RESULT_PREFIX):
            return json.loads(line[len(RESULT_PREFIX):])
    tail = output[-2000:]
    status = btbench_isolate.classify_runtime_error(tail) or "crashed"
    return {"status": status, "error": f"driver {btbench_isolate.describe_exit(process.returncode)} without a "
                                       f"result", "output": tail}


def driver_arguments(run):
    args = [str(run["entry"]), "mode=" + run["kind"]]
    if run.get("grid"):
        args += ["grid=" + ",".join(map(str, run["grid"])), "block=" + ",".join(map(str, run["block"])),
                 f"smem={run['smem']}"]
    args += [f"opt_in={run.get('opt_in', 0)}", f"then_opt_in={run.get('then_opt_in', 0)}",
             "values=" + ",".join(repr(v) for v in run.get("values", []))]
    if run["kind"] == "time":
        args += [f"warmup_ms={run['warmup_ms']}", f"rep_ms={run['rep_ms']}"]
    return args


def throughput(run, bench):
    out = {}
    try:
        if bench.get("flops"):
            out["tflops"] = evaluate(bench["flops"], run["shape"], integer=False) / (run["ms"] * 1e-3) / 1e12
        if bench.get("bytes"):
            out["gbs"] = evaluate(bench["bytes"], run["shape"], integer=False) / (run["ms"] * 1e-3) / 1e9
    except Exception as exc:  # noqa: BLE001
        out["formula_error"] = f"{type(exc).__name__}: {exc}"[:200]
    return out
