#!/usr/bin/env python3
"""How the harness chooses arguments nothing in the project gives: integer
and fp32 pointers by how their values are used, constexpr defaults by their
use, and btlint's shared values before either; and how it names compile
failures. Needs triton (compiles only to the first error, on the CPU)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "btlint-bench", "harness"))
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
import btbench_triton  # noqa: E402

problems = []


def expect(condition, what):
    if not condition:
        problems.append(what)


@triton.jit
def varlen_gather(X, IDX, CU_SEQLENS, COUNTS, Y, W, N, BLOCK: tl.constexpr, HAS_W: tl.constexpr,
                  ACC: tl.constexpr, ACT: tl.constexpr):
    pid = tl.program_id(0)
    start = tl.load(CU_SEQLENS + pid)
    end = tl.load(CU_SEQLENS + pid + 1)
    ptrs = IDX + tl.arange(0, BLOCK)
    rows = tl.load(ptrs)
    acc = tl.zeros((BLOCK, ), dtype=ACC)
    for i in range(start, end):
        acc += tl.load(X + rows * N + i)
    if HAS_W:
        acc *= tl.load(W + tl.arange(0, BLOCK))
    if ACT == "relu":
        acc = tl.maximum(acc, 0.0)
    packed = tl.load(COUNTS + pid) >> 4
    tl.store(Y + tl.arange(0, BLOCK) + packed, acc)


integer = btbench_triton.integer_pointers(varlen_gather, ["X", "IDX", "CU_SEQLENS", "COUNTS", "Y", "W"])
expect(integer == {"IDX", "CU_SEQLENS", "COUNTS"}, f"integer pointers {sorted(integer)}")

@triton.jit
def dequant_dot(A, B, SCALES, ZEROS, C, K, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(A + offs[:, None] * BLOCK + offs[None, :])
    scales = tl.load(SCALES + offs)
    zeros = tl.load(ZEROS + offs // 8)
    zeros = ((zeros >> (offs % 8) * 4) & 0xF) * scales
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    b_ptrs = B + (offs[:, None] // 8) * BLOCK + offs[None, :]
    for k in range(0, K, BLOCK):
        b = tl.load(b_ptrs)
        b = (b >> ((offs[:, None] % 8) * 4)) & 0xF
        b = b * scales[None, :] - zeros[None, :]
        acc += tl.dot(a, b.to(tl.float16))
        b_ptrs += BLOCK
    tl.store(C + offs[:, None] * BLOCK + offs[None, :], acc)


@triton.jit
def grouped_dequant(B, SCALES, ZEROS, C, K, G, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, ), dtype=tl.float32)
    for k in range(0, K):
        ptr = SCALES + (k // G) * BLOCK + offs
        scales = tl.load(ptr)
        ptr = ZEROS + (k // G) * BLOCK + offs // 8
        zeros = (tl.load(ptr) >> (offs % 8) * 4) & 0xF
        b = (tl.load(B + k * BLOCK + offs) >> 4) & 0xF
        acc += (b - zeros) * scales
    tl.store(C + offs, acc)


# One local addressing two tensors in turn: each load reads the address
# assigned last before it, so the scales stay floats.
integer = btbench_triton.integer_pointers(grouped_dequant, ["B", "SCALES", "ZEROS", "C"])
expect(integer == {"B", "ZEROS"}, f"integer pointers of a grouped dequantisation {sorted(integer)}")

# A variable reassigned from packed integers to floats: the shift reads the
# packed load (B), not the scales the next line multiplies in.
integer = btbench_triton.integer_pointers(dequant_dot, ["A", "B", "SCALES", "ZEROS", "C"])
expect(integer == {"B", "ZEROS"}, f"integer pointers of a dequantising dot {sorted(integer)}")

@triton.jit
def reused_name(K, G, OUT, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, ), dtype=tl.float32)
    for i in range(0, N):
        b_k = K + i * BLOCK + offs
        b_g = tl.load(G + i * BLOCK + offs)
        b_k = tl.load(b_k) * tl.exp(b_g)
        acc += b_k
    tl.store(OUT + offs, acc)


# A name holding an address, then the values loaded through it: the load
# reads through the address, its values are floats.
integer = btbench_triton.integer_pointers(reused_name, ["K", "G", "OUT"])
expect(integer == set(), f"integer pointers of a reused name {sorted(integer)}")

defaults = btbench_triton.defaults_by_use(varlen_gather, ["BLOCK", "HAS_W", "ACC", "ACT"])
expect(defaults["BLOCK"] == 64, f"tile default {defaults['BLOCK']}")
expect(defaults["HAS_W"] is False, f"flag default {defaults['HAS_W']}")
expect(defaults["ACC"] == tl.float32, f"dtype default {defaults['ACC']}")
expect(defaults["ACT"] == "relu", f"compared default {defaults['ACT']}")

kernel = {"name": "varlen_gather",
          "params": [{"name": n, "kind": "pointer"} for n in ("X", "IDX", "CU_SEQLENS", "COUNTS", "Y", "W")]
          + [{"name": "N", "kind": "int"}],
          "constexpr_values": {"BLOCK": {"value": 32, "source": "btlint"}},
          "launch_values": {"launches": 1, "values": {"HAS_W": [True]}, "unknown": []}}
values, assumed = btbench_triton.synthesise_arguments(varlen_gather, kernel, {"params": {}}, [])
expect(values["BLOCK"] == ("constexpr", 32), f"btlint's shared value not used: {values['BLOCK']}")
expect(values["HAS_W"] == ("constexpr", True), f"launch value not used: {values['HAS_W']}")
expect(values["IDX"] == ("ptr", "i32") and values["X"] == ("ptr", "fp16"), f"pointers {values['IDX']} {values['X']}")
expect("BLOCK=32 (btlint's tile assumption)" in assumed, f"assumptions {assumed}")
expect(any(a.startswith("ACC=fp32 ") for a in assumed), f"assumptions {assumed}")

# A flag btlint's estimate took as off is compiled off: both leave its arms out.
flagged = dict(kernel, constexpr_values={"BLOCK": {"value": 32, "source": "btlint"},
                                         "HAS_W": {"value": False, "source": "btlint-flag"}},
               launch_values={"launches": 0, "values": {}, "unknown": []})
values, assumed = btbench_triton.synthesise_arguments(varlen_gather, flagged, {"params": {}}, [])
expect(values["HAS_W"] == ("constexpr", False), f"btlint's flag value not used: {values['HAS_W']}")
expect("HAS_W=False (btlint: a flag the code tests, off)" in assumed, f"assumptions {assumed}")



@triton.jit
def descriptor_matmul(a_desc, b_desc, c_desc, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr):
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc = tl.dot(a_desc.load([0, k]), b_desc.load([k, 0]), acc)
    c_desc.store([0, 0], acc.to(tl.float16))


def set_blocks(nargs):
    nargs["a_desc"].block_shape = [nargs["BLOCK_M"], nargs["BLOCK_K"]]
    nargs["b_desc"].block_shape = [nargs["BLOCK_K"], nargs["BLOCK_N"]]
    nargs["c_desc"].block_shape = [nargs["BLOCK_M"], nargs["BLOCK_N"]]


# Host-side tensor descriptors: the block shape the config's pre_hook sets is
# the argument's type; without a hook there is none.
hooked = triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4, num_stages=3, pre_hook=set_blocks)
blocks = btbench_triton.descriptor_blocks(hooked)
expect(blocks == {"a_desc": [128, 32], "b_desc": [32, 64], "c_desc": [128, 64]}, f"descriptor blocks {blocks}")
expect(btbench_triton.descriptor_blocks(triton.Config({"BLOCK_M": 128})) == {},
       "a config without a pre_hook gives no descriptor")
config = btbench_triton.config_dict(hooked)
config["descriptor_blocks"] = blocks
values, assumed = btbench_triton.synthesise_arguments(
    descriptor_matmul, {"params": [{"name": n, "kind": "pointer"} for n in ("a_desc", "b_desc", "c_desc")],
                        "dtype": "bf16"}, config, [])
signature, _, _ = btbench_triton.specialise(descriptor_matmul, values)
expect(signature["a_desc"] == "tensordesc<bf16[128, 32]>" and signature["c_desc"] == "tensordesc<bf16[128, 64]>",
       f"descriptor signature {signature}")
expect("b_desc: tensor descriptor, block [32, 64] (pre_hook)" in assumed, f"assumptions {assumed}")


@triton.jit
def precise_dot(A, B, C, BLOCK: tl.constexpr, precision: tl.constexpr):
    offs = tl.arange(0, BLOCK)[:, None] * BLOCK + tl.arange(0, BLOCK)[None, :]
    tl.store(C + offs, tl.dot(tl.load(A + offs), tl.load(B + offs), input_precision=precision))


# A constexpr handed to a dot's input_precision is a precision's name.
chosen = btbench_triton.defaults_by_use(precise_dot, ["precision"])
expect(chosen == {"precision": "ieee"}, f"input_precision default {chosen}")


@triton.jit
def asserted(X, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK < 16)
    tl.store(X + tl.arange(0, BLOCK), 1.0)


def classified_failure(fn):
    """classify_error's (status, message) for compiling `fn(X: *fp32, BLOCK=64)`
    for sm90, which must fail; None when it compiles."""
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    try:
        triton.compile(ASTSource(fn, {"X": "*fp32", "BLOCK": "constexpr"}, constexprs={"BLOCK": 64}),
                       target=GPUTarget("cuda", 90, 32))
    except Exception as exc:  # noqa: BLE001 - the failure is the test
        return btbench_triton.classify_error(exc)
    return None


# A compile error with no message after the caret names the failing line.
failure = classified_failure(asserted)
expect(failure is not None and failure[0] == "compile_error" and "`tl.static_assert(BLOCK < 16)`" in failure[1],
       f"classified {failure!r}")



# An address built with a loaded value's shape (`tl.broadcast_to(offs,
# acc.shape)`, acc a dot of loads) reads the shape, not the values.
@triton.jit
def conv_epilogue(X, W, OUT, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs[:, None] * BLOCK + offs[None, :])
    w = tl.load(W + offs[:, None] * BLOCK + offs[None, :])
    acc = tl.dot(x, w)
    out_offsets = tl.broadcast_to(offs[:, None] * BLOCK + offs[None, :], acc.shape)
    tl.store(OUT + out_offsets, acc)


integer = btbench_triton.integer_pointers(conv_epilogue, ["X", "W", "OUT"])
expect(integer == set(), f"integer pointers of an address built with a shape {sorted(integer)}")


# Loads that reach an fp32-only math function uncast are fp32 (Triton 3
# rejects a 16-bit tile there); a cast on the way, a second load mixed in, or
# a dot's result or a scalar parameter mixed in (either makes the argument
# fp32 by itself) says nothing.
@triton.jit
def gated_state(K, G, GN, V, OUT, SCALE, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    p_g = G + offs
    b_g = tl.load(p_g)
    b_gn = tl.load(GN)
    b_k = tl.load(K + offs)
    b_s = tl.load(SCALE + offs)
    b_v = tl.load(V + offs).to(tl.float32)
    decay = tl.exp(b_g - b_gn)
    mixed = tl.math.exp2(b_k * b_s)
    qk = tl.dot(b_k[:, None] * b_s[None, :], b_s[:, None] * b_k[None, :])
    p = tl.math.exp2(qk - b_gn)
    scaled = tl.exp(b_gn * N)
    tl.store(OUT + offs, decay * mixed + tl.log(b_v) + tl.sum(p, 1) + scaled)


float32 = btbench_triton.float32_pointers(gated_state, ["K", "G", "GN", "V", "OUT", "SCALE"])
expect(float32 == set(), f"fp32 pointers where two loads mix {sorted(float32)}")


@triton.jit
def gated_decay(G, OUT, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    p_g = G + offs
    b_g = tl.load(p_g)
    tl.store(OUT + offs, tl.exp(b_g * 0.5))


float32 = btbench_triton.float32_pointers(gated_decay, ["G", "OUT"])
expect(float32 == {"G"}, f"fp32 pointers of a gate given to tl.exp {sorted(float32)}")
values, assumed = btbench_triton.synthesise_arguments(
    gated_decay, {"params": [{"name": "G", "kind": "pointer"}, {"name": "OUT", "kind": "pointer"}]},
    {"params": {"BLOCK": 64}, "num_warps": 4, "num_stages": 2}, [])
expect(values["G"] == ("ptr", "fp32") and values["OUT"] == ("ptr", "fp16"), f"pointers {values['G']} {values['OUT']}")
expect("G: *fp32 (its values go to an fp32-only math function uncast)" in assumed, f"assumptions {assumed}")

# An error inside a @jit helper nests one CompilationError per call level,
# each ending in a caret: the message names the innermost cause.
NOT_CONSTEXPR = 3


@triton.jit
def scaled(x):
    return x * NOT_CONSTEXPR


@triton.jit
def calls_scaled(X, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, scaled(tl.load(X + offs)))


failure = classified_failure(calls_scaled)
expect(failure is not None and failure[0] == "compile_error" and "scaled(tl.load" in failure[1]
       and "NOT_CONSTEXPR" in failure[1], f"classified {failure!r}")

# A helper bound to a stand-in (its module is not installed here): the
# failure is the missing module's, not the config's.
safe_exp = btbench_triton.Permissive("fla.ops.utils.op").safe_exp


@triton.jit
def calls_stand_in(X, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, safe_exp(tl.load(X + offs)))


expect(btbench_triton.stand_ins_reached(calls_stand_in) == {"safe_exp": "fla.ops.utils.op.safe_exp"},
       f"stand-ins {btbench_triton.stand_ins_reached(calls_stand_in)}")
told = btbench_triton.missing_module_error(
    calls_stand_in, "RuntimeError: Unsupported function referenced: <module 'fla.ops.utils.op.safe_exp'>")
expect(told is not None and "`fla.ops.utils.op`" in told, f"missing module {told!r}")
expect(btbench_triton.missing_module_error(calls_stand_in, "CompilationError: at 3:4 `tl.dot(a, b)`") is None,
       "an unrelated error taken for a missing module")
expect(btbench_triton.missing_module_error(calls_scaled, "Cannot access global variable NOT_CONSTEXPR") is None,
       "a global of the project's own taken for a missing module")

for p in problems:
    print("FAIL:", p, file=sys.stderr)
print("PASS: arguments" if not problems else "")
sys.exit(1 if problems else 0)
