#!/usr/bin/env python3
"""Calibrate btlint's resource model against the Triton compiler.

Compiles a grid of Triton kernels ahead of time for several NVIDIA targets,
without a GPU, with `triton.compile(ASTSource(...), target=GPUTarget(...))`, and
records what the compiler allocates: `metadata.shared` (bytes of shared memory),
and ptxas's registers, stack frame and spills. The argument specialisation is
the one Triton's JIT applies at launch (runtime/jit.py + backends/compiler.py in
Triton 3.6): pointers and integers divisible by 16 get `tt.divisibility = 16`,
integers equal to 1 become constants.

Where the registers come from: Triton 3.6 only learns `n_regs`/`n_spills` when
the cubin is loaded on a device (driver.c: cuFuncGetAttribute NUM_REGS and
LOCAL_SIZE_BYTES / 4). Ahead of time the same numbers are in ptxas's `-v` log,
which Triton already requests (backends/nvidia/compiler.py, make_cubin) and
prints when `knobs.nvidia.dump_ptxas_log` is set; the harness captures it.

With --jit-check (on a machine with an sm90 GPU) it also launches a sample of
the sm90 rows through the JIT (`JITFunction.warmup`, loading the binary) and
writes the JIT's `metadata.shared`, `n_regs`, `n_spills` and OutOfResources
next to the ahead-of-time row.

Usage:
  calibrate.py --out triton-3.6.0.csv [--archs sm80,sm90] [--jobs 16]
               [--kinds gemm,attention] [--limit-per-arch N] [--scale 1.0]
               [--timeout 120] [--deadline 420]
               [--jit-check jit.csv --jit-sample 160]
  calibrate.py --reuse triton-3.6.0.csv --jit-check jit.csv   (JIT check only)
  calibrate.py --merge run1.csv run2.csv --out triton-3.6.0.csv
  calibrate.py --list                                          (grid size per arch and kind)

Every row is a fresh compile in its own forked process (a crash or a hung
ptxas costs one row, recorded with its status); rows are also appended to
OUT.partial as they finish.
"""
import argparse
import contextlib
import csv
import datetime
import io
import itertools
import json
import multiprocessing
import multiprocessing.connection
import os
import platform
import random
import re
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, fields

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

ARCHS = {"sm80": 80, "sm86": 86, "sm89": 89, "sm90": 90, "sm100": 100, "sm120": 120}

# Shared memory per block with opt-in, what Triton compares metadata.shared with
# when it loads a kernel (CUDA C++ Programming Guide, "Technical Specifications
# per Compute Capability"; the same values as lib/arch/ArchTable.cpp).
MAX_SHARED_OPT_IN = {80: 166912, 86: 101376, 89: 101376, 90: 232448, 100: 232448, 120: 101376}

# Element type name in the CSV -> Triton pointer element type.
TRITON_DTYPE = {"fp16": "fp16", "bf16": "bf16", "fp32": "fp32", "fp8e4nv": "fp8e4nv"}
ELEMENT_BYTES = {"fp16": 2, "bf16": 2, "fp32": 4, "fp8e4nv": 1}


@dataclass(frozen=True)
class Case:
    kind: str  # gemm, gemm_bt, gemm_prologue, attention, softmax, row_sum, col_sum, add
    dtype: str  # input element type
    block_m: int  # rows of the tile (1 for 1-D kernels)
    block_n: int  # columns of the tile; BLOCK_SIZE for 1-D kernels
    block_k: int  # GEMM K tile; HEAD_DIM for attention; 0 otherwise
    num_warps: int
    num_stages: int
    arch: str


CSV_FIELDS = [f.name for f in fields(Case)] + [
    "status", "shared_bytes", "fits", "regs", "spill_store_bytes", "spill_load_bytes", "stack_bytes",
    "total_num_warps", "tmem_cols", "mma_path", "smem_allocs", "compile_seconds", "error"
]

# --------------------------------------------------------------------------
# Argument specialisation, as the JIT does it at launch.
# --------------------------------------------------------------------------


class Launch:
    """The arguments a real launch would pass, in kernel parameter order.

    Each entry is (name, value): a `Pointer(dtype)`, an int, a float, or a
    `Constexpr(value)` for tl.constexpr parameters.
    """

    def __init__(self, fn, arguments):
        self.fn = fn
        self.arguments = arguments
        names = [name for name, _ in arguments]
        assert names == list(fn.arg_names), (names, fn.arg_names)


@dataclass(frozen=True)
class Pointer:
    dtype: str


@dataclass(frozen=True)
class Constexpr:
    value: object


def specialise(launch):
    """(signature, constexprs, attrs) for ASTSource, following Triton 3.6's JIT.

    Mirrors BaseBackend.get_int_specialization / get_tensor_specialization and
    native_specialize_impl: ints equal to 1 are specialised to the constant 1;
    ints and data pointers divisible by 16 carry tt.divisibility=16 (torch
    allocations are 256-byte aligned); ints above 2**31-1 are i64.
    """
    signature, constexprs, attrs = {}, {}, {}
    for index, (name, value) in enumerate(launch.arguments):
        if isinstance(value, Constexpr):
            signature[name] = "constexpr"
            constexprs[name] = value.value
        elif isinstance(value, Pointer):
            signature[name] = "*" + TRITON_DTYPE[value.dtype]
            attrs[(index, )] = [["tt.divisibility", 16]]
        elif isinstance(value, bool):
            raise TypeError("bool arguments are not used by the calibration kernels")
        elif isinstance(value, int):
            if value == 1:
                signature[name] = "constexpr"
                constexprs[name] = 1
                continue
            signature[name] = "i32" if -2**31 <= value < 2**31 else "i64"
            if value % 16 == 0:
                attrs[(index, )] = [["tt.divisibility", 16]]
        elif isinstance(value, float):
            signature[name] = "fp32"
        else:
            raise TypeError(f"unsupported argument {name}={value!r}")
    return signature, constexprs, attrs


# Problem sizes of the launch each case stands for. Multiples of 16, as in the
# shapes people tune for; they only matter through the specialisation above.
GEMM_SIZE = 4096
SEQ_LEN = 4096
ROWS = 4096
FLAT_ELEMENTS = 1 << 24


def gemm_output_dtype(dtype):
    # fp8 GEMMs write a wider type; fp32 (tf32) GEMMs write fp32.
    return "fp16" if dtype == "fp8e4nv" else dtype


def make_launch(case):
    import calibration_kernels as kernels
    c = Constexpr
    if case.kind in ("gemm", "gemm_bt", "gemm_prologue"):
        fn = kernels.gemm_prologue_kernel if case.kind == "gemm_prologue" else kernels.gemm_kernel
        m = n = k = GEMM_SIZE
        # gemm_bt: B is an [N, K] row-major weight read as B^T (x @ W.T of a
        # linear layer), so K is B's contiguous axis.
        stride_bk, stride_bn = (1, k) if case.kind == "gemm_bt" else (n, 1)
        return Launch(fn, [
            ("a_ptr", Pointer(case.dtype)), ("b_ptr", Pointer(case.dtype)),
            ("c_ptr", Pointer(gemm_output_dtype(case.dtype))), ("M", m), ("N", n), ("K", k),
            ("stride_am", k), ("stride_ak", 1), ("stride_bk", stride_bk), ("stride_bn", stride_bn),
            ("stride_cm", n), ("stride_cn", 1), ("BLOCK_M", c(case.block_m)), ("BLOCK_N", c(case.block_n)),
            ("BLOCK_K", c(case.block_k)), ("GROUP_M", c(8))
        ])
    if case.kind == "attention":
        head_dim = case.block_k
        return Launch(kernels.attention_fwd_kernel, [
            ("q_ptr", Pointer(case.dtype)), ("k_ptr", Pointer(case.dtype)), ("v_ptr", Pointer(case.dtype)),
            ("o_ptr", Pointer(case.dtype)), ("seq_len", SEQ_LEN), ("stride_head", SEQ_LEN * head_dim),
            ("stride_tok", head_dim), ("softmax_scale", 0.125), ("BLOCK_M", c(case.block_m)),
            ("BLOCK_N", c(case.block_n)), ("HEAD_DIM", c(head_dim))
        ])
    if case.kind == "softmax":
        n_cols = case.block_n
        return Launch(kernels.softmax_rows_kernel, [
            ("out_ptr", Pointer(case.dtype)), ("in_ptr", Pointer(case.dtype)), ("in_row_stride", n_cols),
            ("out_row_stride", n_cols), ("n_cols", n_cols), ("BLOCK_SIZE", c(case.block_n))
        ])
    if case.kind in ("row_sum", "col_sum"):
        fn = kernels.row_sum_2d_kernel if case.kind == "row_sum" else kernels.col_sum_2d_kernel
        return Launch(fn, [
            ("out_ptr", Pointer(case.dtype)), ("in_ptr", Pointer(case.dtype)), ("n_rows", ROWS), ("n_cols", ROWS),
            ("row_stride", ROWS), ("BLOCK_M", c(case.block_m)), ("BLOCK_N", c(case.block_n))
        ])
    if case.kind == "add":
        return Launch(kernels.add_kernel, [
            ("x_ptr", Pointer(case.dtype)), ("y_ptr", Pointer(case.dtype)), ("out_ptr", Pointer(case.dtype)),
            ("n_elements", FLAT_ELEMENTS), ("BLOCK_SIZE", c(case.block_n))
        ])
    raise ValueError(case.kind)


# --------------------------------------------------------------------------
# The grid.
# --------------------------------------------------------------------------

POW2_TILES = [16, 32, 64, 128, 256]
WARPS = [1, 2, 4, 8]
STAGES = [1, 2, 3, 4, 5, 6]

# Tile configs that real autotune lists use (BM, BN, BK, stages, warps): the
# upstream tutorial lists and their fp8 variants. Always included.
COMMON_GEMM_CONFIGS = [
    (128, 256, 64, 3, 8), (64, 256, 32, 4, 4), (128, 128, 32, 4, 4), (128, 64, 32, 4, 4),
    (64, 128, 32, 4, 4), (128, 32, 32, 4, 4), (64, 32, 32, 5, 2), (32, 64, 32, 5, 2),
    (128, 256, 128, 3, 8), (256, 128, 128, 3, 8), (256, 64, 128, 4, 4), (64, 256, 128, 4, 4),
    (128, 128, 128, 4, 4), (128, 64, 64, 4, 4), (64, 128, 64, 4, 4), (128, 32, 64, 4, 4),
    (128, 128, 64, 3, 4), (128, 128, 64, 4, 8), (256, 128, 64, 3, 8), (64, 64, 64, 3, 4),
]


def gemm_accumulator_per_thread(bm, bn, warps):
    return bm * bn // (32 * warps)


def textbook_bytes(bm, bn, bk, stages, dtype):
    return stages * (bm * bk + bk * bn) * ELEMENT_BYTES[dtype]


def gemm_cases(arch, rng, per_dtype):
    cc = ARCHS[arch]
    dtypes = ["fp16", "bf16", "fp32"] + (["fp8e4nv"] if cc >= 89 else [])
    cases = []
    for dtype in dtypes:
        min_k = 32 if dtype == "fp8e4nv" else 16
        # Stage sweeps on two tile shapes: the buffer-count rule in isolation.
        for (bm, bn, bk, warps) in [(128, 128, 64, 4), (64, 64, 32, 4)]:
            bk = max(bk, min_k)
            cases += [Case("gemm", dtype, bm, bn, bk, warps, s, arch) for s in STAGES]
        for (bm, bn, bk, s, warps) in COMMON_GEMM_CONFIGS:
            if bk >= min_k:
                cases.append(Case("gemm", dtype, bm, bn, bk, warps, s, arch))
        space = [(bm, bn, bk, s, w) for bm, bn, bk, s, w in itertools.product(
            POW2_TILES, POW2_TILES, POW2_TILES, STAGES, WARPS) if bk >= min_k
                 # Beyond ~256 fp32 accumulators a thread, ptxas spends minutes
                 # spilling; a few such rows are kept by the 512 bound.
                 and gemm_accumulator_per_thread(bm, bn, w) <= 512
                 # Rows far beyond every arch's limit teach nothing new.
                 and textbook_bytes(bm, bn, bk, s, dtype) <= 4 * 232448]
        cases += [Case("gemm", dtype, *sample[:3], sample[4], sample[3], arch)
                  for sample in rng.sample(space, min(per_dtype, len(space)))]
    if cc < 89:
        # The compile error users get for fp8e4nv before sm89.
        cases += [Case("gemm", "fp8e4nv", 128, 128, 64, 4, 3, arch), Case("gemm", "fp8e4nv", 64, 64, 64, 4, 2, arch)]
    return cases


def gemm_bt_cases(arch, rng, per_dtype):
    """The same GEMM with a K-major B (a linear layer's weight)."""
    cc = ARCHS[arch]
    cases = []
    for dtype in ["fp16", "bf16", "fp32"] + (["fp8e4nv"] if cc >= 89 else []):
        min_k = 32 if dtype == "fp8e4nv" else 16
        cases += [Case("gemm_bt", dtype, 128, 128, 64, 4, s, arch) for s in STAGES]
        cases += [Case("gemm_bt", dtype, bm, bn, bk, w, s, arch) for bm, bn, bk, s, w in COMMON_GEMM_CONFIGS[:8]
                  if bk >= min_k]
        space = [(bm, bn, bk, s, w) for bm, bn, bk, s, w in itertools.product(
            POW2_TILES, POW2_TILES, POW2_TILES, STAGES, WARPS) if bk >= min_k
                 and gemm_accumulator_per_thread(bm, bn, w) <= 256 and textbook_bytes(bm, bn, bk, s, dtype) <= 2 * 232448]
        cases += [Case("gemm_bt", dtype, bm, bn, bk, w, s, arch)
                  for bm, bn, bk, s, w in rng.sample(space, min(per_dtype, len(space)))]
    return cases


def gemm_prologue_cases(arch, rng, count):
    space = [(bm, bn, bk, s, w, d) for bm, bn, bk, s, w, d in itertools.product(
        [32, 64, 128, 256], [32, 64, 128, 256], [16, 32, 64, 128], [1, 2, 3, 4, 5], [4, 8], ["fp16", "bf16"])
             if gemm_accumulator_per_thread(bm, bn, w) <= 256 and textbook_bytes(bm, bn, bk, s, d) <= 2 * 232448]
    return [Case("gemm_prologue", d, bm, bn, bk, w, s, arch) for bm, bn, bk, s, w, d in rng.sample(space, count)]


def attention_cases(arch, rng, count):
    space = [(bm, bn, hd, s, w, d) for bm, bn, hd, s, w, d in itertools.product(
        [32, 64, 128], [32, 64, 128], [64, 128, 256], [1, 2, 3, 4], [4, 8], ["fp16", "bf16"])
             if bm * hd // (32 * w) <= 256 and bm * bn // (32 * w) <= 128]
    # The configs flash-attention tutorials use, then a sample of the rest.
    common = [(128, 64, 64, 3, 4, "fp16"), (128, 64, 128, 3, 8, "fp16"), (128, 128, 128, 3, 8, "bf16"),
              (64, 64, 256, 2, 4, "fp16"), (128, 32, 64, 4, 4, "bf16"), (64, 32, 128, 2, 4, "bf16")]
    chosen = common + [c for c in rng.sample(space, count) if c not in common]
    return [Case("attention", d, bm, bn, hd, w, s, arch) for bm, bn, hd, s, w, d in chosen]


def reduction_cases(arch, rng, count_per_kind):
    cases = []
    softmax = [(bs, w, d) for bs, w, d in itertools.product(
        [2**p for p in range(7, 17)], WARPS, ["fp16", "fp32"]) if bs // (32 * w) <= 1024]
    cases += [Case("softmax", d, 1, bs, 0, w, 1, arch) for bs, w, d in rng.sample(softmax, count_per_kind)]
    for kind in ("row_sum", "col_sum"):
        space = [(bm, bn, w, d) for bm, bn, w, d in itertools.product(
            [1, 2, 4, 8, 16, 32, 64, 128, 256], [16, 32, 64, 128, 256, 512, 1024], WARPS, ["fp16", "fp32"])
                 if bm * bn // (32 * w) <= 512]
        cases += [Case(kind, d, bm, bn, 0, w, 1, arch) for bm, bn, w, d in rng.sample(space, count_per_kind)]
    adds = [(bs, w, s) for bs, w, s in itertools.product([2**p for p in range(7, 17)], WARPS, [1, 3])
            if bs // (32 * w) <= 1024]
    cases += [Case("add", "fp32", 1, bs, 0, w, s, arch) for bs, w, s in rng.sample(adds, count_per_kind // 2)]
    return cases


def build_grid(archs, seed, scale):
    """Every case, in a stable order. scale multiplies the sampled counts."""
    cases = []
    for arch in archs:
        # One generator per arch so that adding an arch does not change the others.
        rng = random.Random(f"{seed}-{arch}")
        cases += gemm_cases(arch, rng, per_dtype=int(70 * scale))
        cases += gemm_bt_cases(arch, rng, per_dtype=int(20 * scale))
        cases += gemm_prologue_cases(arch, rng, int(24 * scale))
        cases += attention_cases(arch, rng, int(54 * scale))
        cases += reduction_cases(arch, rng, int(20 * scale))
    seen, unique = set(), []
    for case in cases:
        if case not in seen:
            seen.add(case)
            unique.append(case)
    return unique


# --------------------------------------------------------------------------
# Compiling one case (in a forked child).
# --------------------------------------------------------------------------

PTXAS_USED = re.compile(r"Used (\d+) registers")
PTXAS_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
LOCAL_ALLOC = re.compile(r"ttg\.local_alloc[^\n]*?->\s*!ttg\.memdesc<([^,>]+)")


def mma_path_of(ttgir):
    """Which matrix instruction the compiler chose (from the final TTGIR)."""
    if "ttng.tc_gen5_mma" in ttgir:
        return "tcgen05"
    if "ttng.warp_group_dot" in ttgir:
        return "wgmma"
    if "versionMajor = 2" in ttgir and "#ttg.nvidia_mma" in ttgir:
        return "mma_sync"
    if "tt.dot " in ttgir:
        return "fma"
    return "none"


def parse_ptxas_log(log):
    used = PTXAS_USED.findall(log)
    frame = PTXAS_FRAME.findall(log)
    if not used or not frame:
        raise RuntimeError("no ptxas -v summary in the log: " + log[-300:])
    stack, spill_stores, spill_loads = (int(x) for x in frame[-1])
    return int(used[-1]), spill_stores, spill_loads, stack


def compile_case(case):
    """Compile one case; return the measured fields (status 'ok') or raise."""
    import triton
    from triton import knobs
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    launch = make_launch(case)
    signature, constexprs, attrs = specialise(launch)
    cc = ARCHS[case.arch]
    knobs.nvidia.dump_ptxas_log = True
    knobs.compilation.always_compile = True
    captured = io.StringIO()
    start = time.time()
    with contextlib.redirect_stdout(captured):
        kernel = triton.compile(ASTSource(launch.fn, signature, constexprs=constexprs, attrs=attrs),
                                target=GPUTarget("cuda", cc, 32),
                                options={"num_warps": case.num_warps, "num_stages": case.num_stages})
    seconds = time.time() - start
    regs, spill_stores, spill_loads, stack = parse_ptxas_log(captured.getvalue())
    ttgir = kernel.asm["ttgir"]
    shared = int(kernel.metadata.shared)
    fits = shared <= MAX_SHARED_OPT_IN[cc]
    return {
        # Loading this kernel on the arch raises OutOfResources (compiler.py,
        # CompiledKernel._init_handles); the compile itself succeeded.
        "status": "ok" if fits else "out_of_resources",
        "shared_bytes": shared,
        "fits": int(fits),
        "regs": regs,
        "spill_store_bytes": spill_stores,
        "spill_load_bytes": spill_loads,
        "stack_bytes": stack,
        "total_num_warps": kernel.metadata.num_warps,
        "tmem_cols": kernel.metadata.tmem_size or 0,
        "mma_path": mma_path_of(ttgir),
        "smem_allocs": ";".join(LOCAL_ALLOC.findall(ttgir)),
        "compile_seconds": round(seconds, 2),
        "error": "",
    }


def classify_error(exc):
    name = type(exc).__name__
    text = str(exc).strip().splitlines()
    first = next((line for line in text if line.strip()), "")
    # CompilationError carries the source excerpt first; its last line is the cause.
    if name == "CompilationError" and text:
        first = text[-1]
    status = "out_of_resources" if name == "OutOfResources" else "compile_error"
    return status, f"{name}: {first}"[:300]


def child_main(case, conn):
    try:
        result = compile_case(case)
    except BaseException as exc:  # noqa: BLE001 - every failure is a row
        status, error = classify_error(exc)
        result = {"status": status, "error": error}
        if os.environ.get("CALIBRATE_TRACEBACKS"):
            traceback.print_exc()
    conn.send(result)
    conn.close()


def run_grid(cases, jobs, timeout, deadline, progress=True, partial_path=None):
    """Compile all cases, `jobs` at a time, one forked child per case.

    A child per case keeps a crash (ptxas segfault, MLIR assertion) or a
    runaway compile from taking the run down; children past `timeout` seconds
    are killed and recorded as 'timeout'. Cases not started before `deadline`
    seconds are recorded as 'not_run'. With `partial_path`, each finished row
    is appended there as soon as it is known, so an interrupted run keeps
    what it measured.
    """
    partial = open(partial_path, "w", newline="") if partial_path else None
    partial_writer = None
    if partial:
        partial_writer = csv.DictWriter(partial, fieldnames=CSV_FIELDS, lineterminator="\n")
        partial_writer.writeheader()
    # Triton and the kernels are imported once here; fork shares them.
    import triton  # noqa: F401
    import calibration_kernels  # noqa: F401
    ctx = multiprocessing.get_context("fork")
    pending = list(enumerate(cases))
    # Start cases in a fixed shuffled order: if the deadline cuts the run
    # short, what is missing is spread over every kind and arch, not the tail.
    random.Random(len(cases)).shuffle(pending)
    running = {}  # receiving connection -> (index, process, start time)
    results = [None] * len(cases)
    started_at = time.time()
    done = 0
    while pending or running:
        while pending and len(running) < jobs:
            index, case = pending.pop()
            if deadline and time.time() - started_at > deadline:
                results[index] = {"status": "not_run", "error": "harness deadline reached"}
                done += 1
                continue
            receiver, sender = ctx.Pipe(duplex=False)
            process = ctx.Process(target=child_main, args=(case, sender), daemon=True)
            process.start()
            sender.close()
            running[receiver] = (index, process, time.time())
        if not running:
            continue
        ready = multiprocessing.connection.wait(list(running), timeout=1.0)
        now = time.time()
        for receiver in list(running):
            index, process, started = running[receiver]
            if receiver in ready:
                try:
                    results[index] = receiver.recv()
                except EOFError:
                    process.join(5)
                    results[index] = {"status": "crash", "error": f"compiler process died (exit {process.exitcode})"}
            elif now - started > timeout:
                process.kill()
                results[index] = {"status": "timeout", "error": f"compile exceeded {timeout} s"}
            else:
                continue
            process.join(5)
            receiver.close()
            del running[receiver]
            done += 1
            if partial_writer:
                partial_writer.writerow(make_row(cases[index], results[index]))
                partial.flush()
            if progress and done % 50 == 0:
                print(f"[calibrate] {done}/{len(cases)} compiled, {now - started_at:.0f} s", flush=True)
    if partial:
        partial.close()
    return [make_row(case, result) for case, result in zip(cases, results)]


def make_row(case, result):
    row = {name: "" for name in CSV_FIELDS}
    row.update(asdict(case))
    row.update(result)
    return row


# --------------------------------------------------------------------------
# Output.
# --------------------------------------------------------------------------


def machine_description():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
            if names:
                cpu = names[0]
    except OSError:
        pass
    gpu = "none"
    try:
        import torch
        if torch.cuda.is_available():
            gpu = torch.cuda.get_device_name(0)
    except Exception:  # noqa: BLE001 - torch is optional here
        pass
    return f"{platform.node()}: {os.cpu_count()} CPUs ({cpu}), GPU: {gpu}, Python {platform.python_version()}"


def write_table(path, rows, header_lines):
    with open(path, "w", newline="") as f:
        for line in header_lines:
            f.write(f"# {line}\n")
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow(row)


def read_header(path):
    with open(path) as f:
        return [line[2:].rstrip("\n") for line in f if line.startswith("# ")]


def merge_tables(paths, out):
    """One table from several runs: measured rows replace rows a run did not reach."""
    key_fields = [f.name for f in fields(Case)]
    merged = {}
    for path in paths:
        for row in read_table(path):
            key = tuple(row[k] for k in key_fields)
            if row["status"] != "not_run" or key not in merged:
                merged[key] = row
    header = ["btlint resource-model calibration table (test/calibration/calibrate.py), merged from runs:"]
    for path in paths:
        header += [f"  {os.path.basename(path)}: {line}" for line in read_header(path)[1:]]
    statuses = {}
    for row in merged.values():
        statuses[row["status"]] = statuses.get(row["status"], 0) + 1
    header.append(f"merged rows: {len(merged)}; statuses: {json.dumps(statuses, sort_keys=True)}")
    arch_order = list(ARCHS)
    rows = sorted(merged.values(), key=lambda r: arch_order.index(r["arch"]))
    write_table(out, rows, header)
    with open(os.path.splitext(out)[0] + ".meta.json", "w") as f:
        json.dump({"header": header, "statuses": statuses, "rows": len(rows), "merged_from": paths}, f, indent=2)
    print("\n".join(header))


def read_table(path):
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines))


# --------------------------------------------------------------------------
# The JIT check on a real sm90 device.
# --------------------------------------------------------------------------

JIT_FIELDS = CSV_FIELDS[:len(fields(Case))] + [
    "aot_status", "aot_shared_bytes", "aot_regs", "aot_stack_bytes", "jit_status", "jit_shared_bytes", "jit_regs",
    "jit_n_spills", "jit_error", "launched", "shared_equal", "regs_equal", "spills_equal", "status_equal"
]


def torch_dtype(name):
    import torch
    return {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32,
            "fp8e4nv": torch.float8_e4m3fn}[name]


def jit_arguments(case, launch):
    """Real tensors and scalars for the launch; the JIT specialises them itself."""
    import torch
    elements = {
        "gemm": GEMM_SIZE * GEMM_SIZE,
        "gemm_prologue": GEMM_SIZE * GEMM_SIZE,
        "gemm_bt": GEMM_SIZE * GEMM_SIZE,
        "attention": SEQ_LEN * case.block_k,
        "softmax": case.block_n,
        "row_sum": ROWS * ROWS,
        "col_sum": ROWS * ROWS,
        "add": FLAT_ELEMENTS,
    }[case.kind]
    values = {}
    for name, value in launch.arguments:
        if isinstance(value, Pointer):
            values[name] = torch.empty(elements, dtype=torch_dtype(value.dtype), device="cuda")
        elif isinstance(value, Constexpr):
            values[name] = value.value
        else:
            values[name] = value
    return values


def launch_grid(case):
    # One program is enough to show the binary loads and runs; the real grid
    # would only repeat it.
    return (1, 1, 1)


def jit_check_one(case_dict):
    """Worker (spawned): JIT-compile one sm90 case on the GPU and load it."""
    case = Case(**case_dict)
    result = {"jit_status": "ok", "jit_shared_bytes": "", "jit_regs": "", "jit_n_spills": "", "jit_error": "",
              "launched": 0}
    try:
        launch = make_launch(case)
        args = jit_arguments(case, launch)
        # Everything but tl.constexpr parameters is passed positionally, as a
        # user would; the JIT then applies its own specialisation (ints equal
        # to 1, 16-byte divisibility), which is what this check compares with.
        constexpr_params = {p.name for p in launch.fn.params if p.is_constexpr}
        call_args = [args[name] for name, _ in launch.arguments if name not in constexpr_params]
        keywords = {name: args[name] for name, _ in launch.arguments if name in constexpr_params}
        kernel = launch.fn.warmup(*call_args, grid=launch_grid(case), num_warps=case.num_warps,
                                  num_stages=case.num_stages, **keywords)
        result["jit_shared_bytes"] = kernel.metadata.shared
        kernel._init_handles()  # loads the binary: OutOfResources is raised here
        result["jit_regs"] = kernel.n_regs
        result["jit_n_spills"] = kernel.n_spills
        launch.fn[launch_grid(case)](*call_args, num_warps=case.num_warps, num_stages=case.num_stages, **keywords)
        import torch
        torch.cuda.synchronize()
        result["launched"] = 1
    except Exception as exc:  # noqa: BLE001 - record, do not stop
        # OutOfResources (triton/runtime/errors.py) is classified by name.
        result["jit_status"], result["jit_error"] = classify_error(exc)
    return result


def jit_check(rows, sample_size, seed, jobs):
    from concurrent.futures import ProcessPoolExecutor
    sm90 = [r for r in rows if r["arch"] == "sm90" and r["status"] in ("ok", "out_of_resources")]
    rng = random.Random(f"{seed}-jit")
    overflow = [r for r in sm90 if r["status"] == "out_of_resources"]
    spilling = [r for r in sm90 if r["status"] == "ok" and int(r["spill_store_bytes"] or 0) > 0]
    rest = [r for r in sm90 if r not in overflow and r not in spilling]
    # Make sure the sample holds overflows and spills, not only easy rows.
    chosen = (rng.sample(overflow, min(len(overflow), sample_size // 8)) +
              rng.sample(spilling, min(len(spilling), sample_size // 8)))
    chosen += rng.sample(rest, min(len(rest), sample_size - len(chosen)))
    int_fields = {"block_m", "block_n", "block_k", "num_warps", "num_stages"}
    case_dicts = [{f.name: (int(r[f.name]) if f.name in int_fields else r[f.name]) for f in fields(Case)}
                  for r in chosen]
    # Spawned workers (CUDA does not survive fork) with a cache of their own,
    # so every JIT compile is fresh and independent of the ahead-of-time rows.
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="btlint-jit-")
    ctx = multiprocessing.get_context("spawn")
    results = []
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        futures = [pool.submit(jit_check_one, case_dict) for case_dict in case_dicts]
        for future in futures:
            try:
                results.append(future.result(timeout=300))
            except Exception as exc:  # noqa: BLE001 - a dead worker is a row, not the end
                results.append({"jit_status": "worker_error", "jit_error": f"{type(exc).__name__}: {exc}"[:300],
                                "jit_shared_bytes": "", "jit_regs": "", "jit_n_spills": "", "launched": 0})
    out = []
    for row, result in zip(chosen, results):
        entry = {name: row[name] for name in CSV_FIELDS[:len(fields(Case))]}
        entry.update({"aot_status": row["status"], "aot_shared_bytes": row["shared_bytes"], "aot_regs": row["regs"],
                      "aot_stack_bytes": row["stack_bytes"]})
        entry.update(result)
        jit_ok = result["jit_status"] == "ok"
        entry["shared_equal"] = int(str(result["jit_shared_bytes"]) == str(row["shared_bytes"]))
        entry["status_equal"] = int(result["jit_status"] == row["status"])
        entry["regs_equal"] = int(jit_ok and str(result["jit_regs"]) == str(row["regs"])) if jit_ok else ""
        # The driver's LOCAL_SIZE_BYTES is the stack frame; Triton divides it by 4.
        entry["spills_equal"] = (int(int(result["jit_n_spills"]) == int(row["stack_bytes"]) // 4)
                                 if jit_ok and result["jit_n_spills"] != "" else "")
        out.append(entry)
    return out


# --------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(HERE, "triton-3.6.0.csv"))
    parser.add_argument("--archs", default=",".join(ARCHS))
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the sampled counts")
    parser.add_argument("--limit-per-arch", type=int, default=0, help="keep only the first N cases per arch")
    parser.add_argument("--kinds", default="", help="comma-separated kinds to keep (default all)")
    parser.add_argument("--timeout", type=float, default=180, help="seconds per compile")
    parser.add_argument("--deadline", type=float, default=0, help="stop starting compiles after this many seconds")
    parser.add_argument("--seed", default="btlint-calibration-1")
    parser.add_argument("--list", action="store_true", help="print the grid size per arch and kind, then exit")
    parser.add_argument("--jit-check", default="", help="write the sm90 JIT comparison CSV here (needs an sm90 GPU)")
    parser.add_argument("--jit-sample", type=int, default=160)
    parser.add_argument("--jit-jobs", type=int, default=8)
    parser.add_argument("--reuse", default="", help="take the AOT rows from this CSV instead of compiling")
    parser.add_argument("--merge", nargs="+", default=[],
                        help="combine these tables (later files win for the same case) into --out, then exit")
    options = parser.parse_args()

    archs = [a for a in options.archs.split(",") if a]
    if options.merge:
        merge_tables(options.merge, options.out)
        return
    cases = build_grid(archs, options.seed, options.scale)
    if options.kinds:
        kinds = set(options.kinds.split(","))
        cases = [c for c in cases if c.kind in kinds]
    if options.limit_per_arch:
        per_arch = {}
        cases = [c for c in cases if per_arch.setdefault(c.arch, []).append(c) or
                 len(per_arch[c.arch]) <= options.limit_per_arch]
    if options.list:
        counts = {}
        for c in cases:
            counts[(c.arch, c.kind)] = counts.get((c.arch, c.kind), 0) + 1
        for key in sorted(counts):
            print(*key, counts[key])
        print("total", len(cases))
        return

    # A private cache: every row is a fresh compile, and nothing leaks into ~/.triton.
    os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="btlint-calibrate-"))
    import triton

    if options.reuse:
        rows = read_table(options.reuse)
    else:
        started = time.time()
        rows = run_grid(cases, options.jobs, options.timeout, options.deadline,
                        partial_path=options.out + ".partial")
        elapsed = time.time() - started
        statuses = {}
        for r in rows:
            statuses[r["status"]] = statuses.get(r["status"], 0) + 1
        header = [
            "btlint resource-model calibration table (test/calibration/calibrate.py)",
            f"date: {datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')}",
            f"triton: {triton.__version__}",
            f"machine: {machine_description()}",
            f"archs: {','.join(archs)}; rows: {len(rows)}; statuses: {json.dumps(statuses, sort_keys=True)}",
            f"wall seconds: {elapsed:.0f} with {options.jobs} jobs; seed: {options.seed}; scale: {options.scale}",
            "shared_bytes: CompiledKernel.metadata.shared; regs/spills/stack: ptxas -v;"
            " fits: shared_bytes <= the arch's max shared memory per block (opt-in)",
        ]
        write_table(options.out, rows, header)
        with open(os.path.splitext(options.out)[0] + ".meta.json", "w") as f:
            json.dump({"header": header, "statuses": statuses, "archs": archs, "rows": len(rows)}, f, indent=2)
        print("\n".join(header), flush=True)

    if options.jit_check:
        started = time.time()
        comparison = jit_check(rows, options.jit_sample, options.seed, options.jit_jobs)
        total = len(comparison)
        agree = {key: sum(1 for r in comparison if str(r[key]) == "1") for key in
                 ("shared_equal", "status_equal", "regs_equal", "spills_equal")}
        loaded = sum(1 for r in comparison if r["jit_status"] == "ok")
        try:
            from triton.runtime import driver
            device_limit = driver.active.utils.get_device_properties(0)["max_shared_mem"]
        except Exception as exc:  # noqa: BLE001 - informative only
            device_limit = f"unknown ({type(exc).__name__})"
        summary = [
            "btlint calibration: JIT on a real sm90 GPU against the ahead-of-time sm90 rows",
            f"date: {datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')}",
            f"triton: {triton.__version__}; machine: {machine_description()}; device max_shared_mem: {device_limit}",
            f"rows: {total}; loaded: {loaded}; " + "; ".join(f"{k}: {v}" for k, v in agree.items()) +
            f" (regs/spills over loaded rows); seconds: {time.time() - started:.0f}",
        ]
        with open(options.jit_check, "w", newline="") as f:
            for line in summary:
                f.write(f"# {line}\n")
            writer = csv.DictWriter(f, fieldnames=JIT_FIELDS, lineterminator="\n", extrasaction="ignore")
            writer.writeheader()
            writer.writerows(comparison)
        print("\n".join(summary), flush=True)


if __name__ == "__main__":
    main()
