#!/bin/bash
# `btlint report FILE[::KERNEL]`: the config table of docs/examples/ files and
# of the purpose-written kernels in test/report/ matches the expected output
# kept beside them (markdown and JSON), the JSON has the fields DESIGN.md and
# docs/report.md give with the right types, the shared memory it reports for
# gemm_kernel (test/calibration/calibration_kernels.py) equals the calibration
# table's for the same configs, and bad input gives a clear error with exit 2.
#
# After a deliberate change: REPORT_UPDATE=1 bash test/e2e/report.sh BTLINT SOURCE_DIR
# rewrites test/report/*.expected.*; review the diff before committing.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$SOURCE_DIR" || exit 1
expected_dir=$SOURCE_DIR/test/report

# A checker for the documented JSON shape, used on every JSON output below.
cat >"$WORK/check_report_json.py" <<'EOF_PY'
import json
import sys

problems = []
with open(sys.argv[1], encoding="utf-8") as f:
    text = f.read()
try:
    reports = json.loads(text)
except json.JSONDecodeError as e:
    sys.exit(f"not valid JSON: {e}")
if not isinstance(reports, list) or not reports:
    sys.exit("the top level is not a non-empty array")

def typed(where, obj, key, kinds):
    if key not in obj:
        problems.append(f"{where} lacks `{key}`")
        return None
    value = obj[key]
    if isinstance(value, bool) and bool not in kinds:
        problems.append(f"{where}: `{key}` is a bool")
    elif not isinstance(value, kinds):
        problems.append(f"{where}: `{key}` is {type(value).__name__} {value!r}")
    return value

NONE = type(None)
for r in reports:
    where = f"kernel {r.get('kernel')!r}"
    for key, kinds in {"path": (str,), "kernel": (str,), "line": (int,), "language": (str,),
                       "config_source": (str,), "definition_path": (str, NONE), "dtype": (str,),
                       "dtype_source": (str,), "archs": (list,), "configs": (list,), "remaining": (dict,),
                       "notes": (list,)}.items():
        typed(where, r, key, kinds)
    archs = r.get("archs", [])
    indices = [c.get("index") for c in r.get("configs", [])]
    if indices != list(range(1, len(indices) + 1)):
        problems.append(f"{where}: config indices are {indices}, not 1..{len(indices)}")
    for arch, kept in r.get("remaining", {}).items():
        if arch not in archs:
            problems.append(f"{where}: remaining names arch {arch} not in archs")
        if any(i not in indices for i in kept):
            problems.append(f"{where}: remaining[{arch}] names unknown configs {kept}")
    for c in r.get("configs", []):
        cw = f"{where} config {c.get('index')}"
        for key, kinds in {"index": (int,), "params": (dict,), "num_warps": (int, NONE, str, float),
                           "num_stages": (int, NONE, str, float), "num_ctas": (int, NONE, str, float),
                           "maxnreg": (int, NONE, str, float), "line": (int, NONE), "expansion": (str,),
                           "archs": (dict,)}.items():
            typed(cw, c, key, kinds)
        if sorted(c.get("archs", {})) != sorted(archs):
            problems.append(f"{cw}: archs {sorted(c.get('archs', {}))} != {sorted(archs)}")
        for arch, v in c.get("archs", {}).items():
            aw = f"{cw} on {arch}"
            if not typed(aw, v, "listed", (bool,)):
                continue
            has_exact = "smem_bytes" in v
            has_range = "smem_min" in v or "smem_max" in v
            if has_exact == has_range:
                problems.append(f"{aw}: needs smem_bytes or smem_min/smem_max (exactly one form)")
            if has_range:
                lo, hi = typed(aw, v, "smem_min", (int,)), typed(aw, v, "smem_max", (int,))
                if isinstance(lo, int) and isinstance(hi, int) and not lo < hi:
                    problems.append(f"{aw}: range {lo}..{hi} is not a range")
            else:
                typed(aw, v, "smem_bytes", (int, NONE))
            for key, kinds in {"list_index": (int,), "smem_limit": (int,), "regs_per_thread": (int, NONE),
                               "spills": (bool, NONE), "fits": (bool, NONE), "mma_path": (str, NONE),
                               "fit": (str,), "spill": (str, NONE), "blocks_per_sm": (int, NONE),
                               "occupancy_limited_by": (str, NONE),
                               "eliminated_by": (list,), "kept": (bool,), "unknown_reason": (str, NONE),
                               "assumptions": (list,), "breakdown": (list,)}.items():
                typed(aw, v, key, kinds)
            for e in v.get("eliminated_by", []):
                if not (isinstance(e, dict) and isinstance(e.get("reason"), str) and isinstance(e.get("message"), str)):
                    problems.append(f"{aw}: eliminated_by entry {e!r}")
            if v.get("kept") != (not v.get("eliminated_by")):
                problems.append(f"{aw}: kept disagrees with eliminated_by")
            if v.get("fit") not in ("fits", "overflows", "may_overflow", "unknown"):
                problems.append(f"{aw}: fit is {v.get('fit')!r}")
            expected_fits = {"fits": True, "overflows": False}.get(v.get("fit"))
            if v.get("fits") != expected_fits:
                problems.append(f"{aw}: fits={v.get('fits')} with fit={v.get('fit')}")
            if v.get("spill") not in (None, "no", "possible", "confident"):
                problems.append(f"{aw}: spill is {v.get('spill')!r}")
            lo = v.get("smem_min", v.get("smem_bytes"))
            hi = v.get("smem_max", v.get("smem_bytes"))
            if isinstance(lo, int) and isinstance(hi, int):
                limit = v["smem_limit"]
                want = "fits" if hi <= limit else "overflows" if lo > limit else "may_overflow"
                if v.get("fit") != want:
                    problems.append(f"{aw}: fit={v.get('fit')} but {lo}..{hi} bytes against {limit}")
            in_remaining = c.get("index") in r.get("remaining", {}).get(arch, [])
            if v.get("kept") and arch in r.get("remaining", {}) and not in_remaining:
                problems.append(f"{aw}: kept but not in remaining")
            if not v.get("kept") and in_remaining:
                problems.append(f"{aw}: eliminated but in remaining")
if problems:
    print("\n".join(problems[:20]))
    sys.exit(1)
EOF_PY

# compare_expected NAME EXTENSION: standard output against test/report/NAME.expected.EXT.
compare_expected() {
  local name=$1 ext=$2 expected=$expected_dir/$1.expected.$2
  if [ "${REPORT_UPDATE:-}" = 1 ]; then
    cp "$OUT" "$expected"
    pass "$name.$ext rewritten"
    return
  fi
  if [ ! -f "$expected" ]; then
    fail "$name: expected output $expected exists"
    return
  fi
  check_same_file "$expected" "$OUT" "$name: output equals test/report/$name.expected.$ext"
}

# report_case NAME EXIT ARGS...: markdown and JSON against the expected files;
# the JSON has the documented shape.
report_case() {
  local name=$1 expected_rc=$2
  shift 2
  echo "# $name: btlint report $*"
  run_btlint report --no-config "$@"
  check_rc "$expected_rc" "$name (markdown)"
  compare_expected "$name" md
  run_btlint report --no-config --format json "$@"
  check_rc "$expected_rc" "$name (json)"
  compare_expected "$name" json
  if python_stdlib -m json.tool "$OUT" >/dev/null 2>"$WORK/json_tool.err"; then
    pass "$name: python3 -m json.tool accepts the JSON"
  else
    fail "$name: python3 -m json.tool accepts the JSON" "$(cat "$WORK/json_tool.err")"
  fi
  local problems
  if problems=$(python_stdlib "$WORK/check_report_json.py" "$OUT" 2>&1); then
    pass "$name: the JSON has the documented fields and types"
  else
    fail "$name: the JSON has the documented fields and types" "$problems"
  fi
}

report_case planted 0 test/report/planted.py --arch sm80,sm90
report_case planted_gemm_sm120 0 test/report/planted.py::gemm_kernel --arch sm120 --dtype bf16
report_case example_matmul 0 docs/examples/triton/matmul_autotune.py --arch sm80,sm90
report_case example_yaml 0 docs/examples/tuning/matmul_tuned.yaml::matmul_kernel \
  docs/examples/triton/matmul_autotune.py --arch sm80,sm90
report_case example_yaml_alone 0 docs/examples/tuning/matmul_tuned.yaml --arch sm90
report_case example_cuda 1 docs/examples/cuda/gemm_pipelined.cu --cuda-path none --arch sm80,sm90
report_case cuda_table 0 test/report/table.cu --cuda-path none --arch sm90
report_case module_probe 0 test/report/module_probe.py --arch sm90

echo "# a pruner: its shared-memory check always, its shape check with .btlint.yaml's shapes"
mkdir -p "$WORK/pruner"
cp "$expected_dir/pruned.py" "$WORK/pruner/pruned.py"
printf 'kernels:\n  pruned_gemm:\n    shapes: {M: 64}\n' >"$WORK/pruner/.btlint.yaml"
run_btlint_in "$WORK/pruner" report pruned.py --arch sm90
check_rc 0 "pruner case (markdown)"
compare_expected pruner md
run_btlint_in "$WORK/pruner" report pruned.py --arch sm90 --format json
check_rc 0 "pruner case (json)"
compare_expected pruner json
run_btlint_in "$WORK/pruner" report --no-config pruned.py --arch sm90
check_stdout_has "- sm90: 2 of 3 (1, 2)" "without the shapes, only the shared-memory check of the pruner is run"

echo "# the remaining list in the markdown is code that parses"
if problems=$(python_stdlib - "$expected_dir/planted.expected.md" "$expected_dir/example_yaml.expected.md" <<'EOF_PY'
import ast
import re
import sys

problems, blocks = [], 0
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    for language, body in re.findall(r"```(python|yaml)\n(.*?)```", text, re.S):
        blocks += 1
        lines = body.strip().splitlines()
        if language == "python":
            try:
                ast.parse("CONFIGS = [\n" + body + "]\n")
            except SyntaxError as e:
                problems.append(f"{path}: {e}")
        elif not all(re.fullmatch(r"- \{[A-Za-z_]+: [^,{}]+(, [A-Za-z_]+: [^,{}]+)*\}", l) for l in lines):
            problems.append(f"{path}: not a YAML list of flow mappings: {lines}")
if blocks < 2:
    problems.append(f"only {blocks} code blocks")
print("\n".join(problems))
sys.exit(1 if problems else 0)
EOF_PY
); then
  pass "the remaining lists are a Python list body and a YAML list"
else
  fail "the remaining lists are a Python list body and a YAML list" "$problems"
fi

echo "# what the planted list reports, in words"
run_btlint report --no-config --format json test/report/planted.py::gemm_kernel --arch sm80,sm90
cat >"$WORK/planted_reasons.py" <<'EOF_PY'
import json
import sys

(report,) = json.load(open(sys.argv[1]))
want = {
    1: ([], []),
    2: (["tile-not-power-of-two"], ["tile-not-power-of-two"]),
    3: (["dot-operand-too-small"], ["dot-operand-too-small"]),
    4: (["duplicate-config"], ["duplicate-config"]),
    5: (["num-warps-invalid"], ["num-warps-invalid"]),
    6: (["smem-over-budget"], ["smem-over-budget"]),
    7: (["smem-over-budget"], []),
}
problems = []
for c in report["configs"]:
    got = tuple(sorted({e["reason"] for e in c["archs"][a]["eliminated_by"]}) for a in ("sm80", "sm90"))
    if got != want[c["index"]]:
        problems.append(f"config {c['index']}: {got}, expected {want[c['index']]}")
if report["remaining"] != {"sm80": [1], "sm90": [1, 7]}:
    problems.append(f"remaining {report['remaining']}")
print("\n".join(problems))
sys.exit(1 if problems else 0)
EOF_PY
if problems=$(python_stdlib "$WORK/planted_reasons.py" "$OUT" 2>&1); then
  pass "each planted config is eliminated for its reason, on the right archs"
else
  fail "each planted config is eliminated for its reason, on the right archs" "$problems"
fi

echo "# the shared memory of gemm_kernel equals the calibration table's"
# A copy of calibration_kernels.py with an autotune list over configs the
# table measured for both sm80 and sm90 (fp16): the first 16 such rows.
python_stdlib - "$SOURCE_DIR/test/calibration" "$WORK/calibrated_gemm.py" "$WORK/calibration_rows.json" <<'EOF_PY'
import csv
import json
import sys

folder, out_path, rows_path = sys.argv[1:4]
with open(f"{folder}/triton-3.6.0.csv", encoding="utf-8") as f:
    rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
measured = {}
for row in rows:
    if (row["kind"] == "gemm" and row["dtype"] == "fp16" and row["arch"] in ("sm80", "sm90")
            and row["status"] in ("ok", "out_of_resources")):
        key = tuple(int(row[k]) for k in ("block_m", "block_n", "block_k", "num_warps", "num_stages"))
        measured.setdefault(key, {})[row["arch"]] = {"shared": int(row["shared_bytes"]), "fits": row["fits"] == "1"}
chosen = [k for k, v in measured.items() if "sm80" in v and "sm90" in v][:16]
if len(chosen) < 8:
    sys.exit(f"only {len(chosen)} gemm configs measured for both sm80 and sm90")
source = open(f"{folder}/calibration_kernels.py", encoding="utf-8").read()
configs = "\n".join(f"    triton.Config({{'BLOCK_M': {m}, 'BLOCK_N': {n}, 'BLOCK_K': {k}, 'GROUP_M': 8}}, "
                    f"num_warps={w}, num_stages={s})," for m, n, k, w, s in chosen)
decorator = f"CALIBRATED = [\n{configs}\n]\n\n\n@triton.autotune(configs=CALIBRATED, key=['M', 'N', 'K'])\n"
marker = "@triton.jit\ndef gemm_kernel("
if marker not in source:
    sys.exit("gemm_kernel not found in calibration_kernels.py")
open(out_path, "w", encoding="utf-8").write(source.replace(marker, decorator + marker, 1))
json.dump([{"config": list(k), "measured": measured[k]} for k in chosen], open(rows_path, "w"))
EOF_PY
check "the calibration table has gemm rows for sm80 and sm90" test -s "$WORK/calibration_rows.json"
run_btlint report --no-config --format json "$WORK/calibrated_gemm.py::gemm_kernel" --arch sm80,sm90
check_rc 0 "report on the calibration GEMM"
if problems=$(python_stdlib - "$OUT" "$WORK/calibration_rows.json" <<'EOF_PY'
import json
import sys

(report,) = json.load(open(sys.argv[1]))
rows = json.load(open(sys.argv[2]))
problems, compared = [], 0
if len(report["configs"]) != len(rows):
    sys.exit(f"{len(report['configs'])} configs reported, {len(rows)} written")
for config, row in zip(report["configs"], rows):
    m, n, k, w, s = row["config"]
    got = (config["params"]["BLOCK_M"], config["params"]["BLOCK_N"], config["params"]["BLOCK_K"],
           config["num_warps"], config["num_stages"])
    if got != (m, n, k, w, s):
        problems.append(f"config {config['index']} is {got}, written {row['config']}")
        continue
    for arch, measured in row["measured"].items():
        verdict = config["archs"][arch]
        compared += 1
        if verdict.get("smem_bytes") != measured["shared"]:
            problems.append(f"{m}x{n}x{k} w{w} s{s} {arch}: report {verdict.get('smem_bytes', (verdict.get('smem_min'), verdict.get('smem_max')))}, table {measured['shared']}")
        if verdict.get("fits") != measured["fits"]:
            problems.append(f"{m}x{n}x{k} w{w} s{s} {arch}: fits {verdict.get('fits')}, table {measured['fits']}")
print("\n".join(problems) if problems else f"{compared} (config, arch) pairs equal")
sys.exit(1 if problems else 0)
EOF_PY
); then
  pass "shared bytes and fit verdicts equal the calibration table ($problems)"
else
  fail "shared bytes and fit verdicts equal the calibration table" "$problems"
fi

echo "# output options"
run_btlint report --no-config test/report/planted.py --arch sm80,sm90
cp "$OUT" "$WORK/stdout.md"
run_btlint report --no-config test/report/planted.py --arch sm80,sm90 -o "$WORK/report.md"
check_rc 0 "-o FILE"
check_stdout_empty "-o FILE: nothing on standard output"
check_same_file "$WORK/stdout.md" "$WORK/report.md" "-o FILE holds what standard output would"

echo "# a list that keeps nothing exits 1"
cat >"$WORK/nothing_fits.py" <<'EOF_PY'
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 256, "BLOCK_K": 512}, num_warps=8, num_stages=5)], key=["K"])
@triton.jit
def huge_kernel(a_ptr, b_ptr, c_ptr, K, BLOCK: tl.constexpr, BLOCK_K: tl.constexpr):
    r = tl.arange(0, BLOCK)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + r[:, None] * K + ks[None, :] + k0)
        b = tl.load(b_ptr + (ks[:, None] + k0) * BLOCK + r[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], acc)
EOF_PY
run_btlint report --no-config "$WORK/nothing_fits.py" --arch sm90
check_rc 1 "every config eliminated"
check_stdout_has "- sm90: 0 of 1 (none)" "the remaining list says none is left"

echo "# errors"
run_btlint report --no-config test/report/no_such_file.py
check_rc 2 "unknown file"
check_stderr_has "btlint: error: test/report/no_such_file.py: no such file" "unknown file: named"
check_stdout_empty "unknown file: nothing on standard output"
run_btlint report --no-config test/report/no_such_file.py::gemm_kernel
check_rc 2 "unknown file with a kernel name"
check_stderr_has "test/report/no_such_file.py: no such file" "unknown file with a kernel name: named"
run_btlint report --no-config test/report/planted.py::gemm_kernal
check_rc 2 "unknown kernel"
check_stderr_has "test/report/planted.py: no kernel \`gemm_kernal\`; did you mean \`gemm_kernel\`? (kernels in the file: gemm_kernel, scale_kernel)" \
  "unknown kernel: did you mean, and the kernels there"
run_btlint report --no-config test/report/planted.py::zzz
check_rc 2 "unknown kernel, nothing close"
check_stderr_has "no kernel \`zzz\` (kernels in the file: gemm_kernel, scale_kernel)" "nothing close: no suggestion"
printf 'def helper(x):\n    return x + 1\n' >"$WORK/plain.py"
run_btlint report --no-config "$WORK/plain.py"
check_rc 2 "file without kernels"
check_stderr_has "plain.py: no kernels found" "file without kernels: said"
run_btlint report --no-config test/report
check_rc 2 "a folder"
check_stderr_has "is a folder" "a folder: said"
run_btlint report --no-config README.md
check_rc 2 "a file btlint does not read"
check_stderr_has "not a file btlint reads" "unsupported file: said"
run_btlint report --no-config test/report/planted.py --format sarif
check_rc 2 "unknown format"
check_stderr_has "unknown report format \`sarif\`" "unknown format: said"
run_btlint report --no-config test/report/planted.py --arch sm99
check_rc 2 "unknown arch"
check_stderr_has "unknown arch \`sm99\`" "unknown arch: said"
run_btlint report
check_rc 2 "no file"
check_stderr_has "needs a file" "no file: usage said"
cat >"$WORK/broken.py" <<'EOF_PY'
import triton
import triton.language as tl


@triton.jit
def ok_kernel(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


def launch(x):
    ok_kernel[(1,)](x, BLOCK=128
EOF_PY
run_btlint report --no-config "$WORK/broken.py"
check_rc 0 "a file with a syntax error: what could be read is reported"
check_stderr_matches "broken.py:11:[0-9]+: syntax error: .*\[parse-error\]" "the syntax error is on standard error with line and column"
check_stdout_has "no autotune list and no launch of \`ok_kernel\` in this file" "a kernel without configs says so"

finish
