"""CUDA side of the btlint-bench harness: compile each flagged .cu file with
`nvcc -Xptxas -v` for each arch and read what ptxas allocated per entry
function (static shared memory, registers, spills), or the error it gave.
"""
import os
import re
import shutil
import subprocess
import tempfile

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
        command.append(task["source"])
        done = subprocess.run(command, capture_output=True, text=True, timeout=task.get("timeout", 300))
    log = done.stdout + done.stderr
    result = {"status": "ok" if done.returncode == 0 else "compile_error", "entries": parse_ptxas(log),
              "command": " ".join(os.path.basename(c) if i == 0 else c for i, c in enumerate(command))}
    if done.returncode != 0:
        errors = [line for line in log.splitlines() if "error" in line]
        result["error"] = "; ".join(errors[:3])[:600] or f"nvcc exited with {done.returncode}"
    return result
