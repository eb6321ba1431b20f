#!/bin/bash
# SARIF partialFingerprints survive the edits that leave a finding as it was,
# so code scanning keeps its alert open: a config added at the head of a list
# (every config's number and "of N" change), lines inserted above, two
# functions swapped. A finding whose flagged line changes gets a new one.
# Also: the notes that name a place are relatedLocations, and columns count
# UTF-16 code units as columnKind says, on a line with non-ASCII text.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1
mkdir -p repo/.git repo/kernels

# Two kernels, each with findings: a tile that is not a power of two, an
# invalid num_warps and an in-place kernel in the first, a duplicate config
# in the second (its flagged line reads exactly like a line of the first).
scale_kernel() { # $1: extra configs at the head of the list
  cat <<EOF
@triton.autotune(
    configs=[
$1        triton.Config({"BLOCK": 64}, num_warps=4),
        triton.Config({"BLOCK": 96}, num_warps=4),
        triton.Config({"BLOCK": 128}, num_warps=6),
        triton.Config({"BLOCK": 256}, num_warps=8),
    ],
    key=["n"],
)
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(x_ptr + offsets, x * 2, mask=mask)

EOF
}
shift_kernel() {
  cat <<'EOF'
@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 64}, num_warps=4),
        triton.Config({"BLOCK": 128}, num_warps=4),
        triton.Config({"BLOCK": 64}, num_warps=4),
    ],
    key=["n"],
)
@triton.jit
def shift_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + 1, mask=mask)

EOF
}
header='import triton
import triton.language as tl

'
{ printf '%s\n' "$header"; scale_kernel ""; shift_kernel; } >repo/kernels/ops.py

lint() { # $1: the SARIF file to write
  run_btlint_in repo --no-config --arch sm90 --format sarif kernels/ops.py
  cp "$OUT" "$1"
  check "btlint --format sarif exits with 1 (findings)" test "$RC" -eq 1
}
lint before.sarif

# The same file after edits that change no finding: a config at the head of
# the first list, three lines above everything, the two kernels swapped.
{
  printf '%s\n' "$header"
  printf '# Pointwise kernels.\n# Tuned on H100.\n\n'
  shift_kernel
  scale_kernel '        triton.Config({"BLOCK": 32}, num_warps=4),
'
} >repo/kernels/ops.py
lint moved.sarif

# summary.py SARIF FILE: one line per result: the finding as a reader tells it
# apart (rule, the flagged line's text, the message with config numbers
# written N), its fingerprint, its line.
cat >summary.py <<'EOF'
import json, re, sys
log = json.load(open(sys.argv[1]))
lines = open(sys.argv[2], encoding="utf-8").read().split("\n")
for result in log["runs"][0]["results"]:
    region = result["locations"][0]["physicalLocation"]["region"]
    text = lines[region["startLine"] - 1].strip()
    message = re.sub(r"config \d+", "config N", result["message"]["text"].split("\n")[0])
    print(json.dumps([result["ruleId"], text, message, result["partialFingerprints"]["btlint/v2"],
                      region["startLine"]]))
EOF
python_stdlib summary.py before.sarif <(
  printf '%s\n' "$header"; scale_kernel ""; shift_kernel) >before.txt
python_stdlib summary.py moved.sarif repo/kernels/ops.py >moved.txt
check "the fixture has findings of four rules" python_stdlib -c '
import json, sys
rules = {json.loads(l)[0] for l in open(sys.argv[1])}
want = {"tile-not-power-of-two", "num-warps-invalid", "autotune-inplace-without-restore", "duplicate-config"}
sys.exit(0 if want <= rules else f"rules: {sorted(rules)}")' before.txt
check "the edits moved every finding to another line, and renumbered the configs of the first list" python_stdlib -c '
import json, sys
before = [json.loads(l) for l in open(sys.argv[1])]
moved = {tuple(m[:3]): m[4] for m in map(json.loads, open(sys.argv[2]))}
same_line = [b for b in before if moved.get(tuple(b[:3])) == b[4]]
sys.exit(f"still on their lines: {same_line}" if same_line else 0)' before.txt moved.txt
check_has before.sarif 'config 2 sets `BLOCK` to 96' "before: the tile of 96 is config 2"
check_has moved.sarif 'config 3 sets `BLOCK` to 96' "after: the same tile is config 3 (its message changed)"
check "every unchanged finding keeps its partialFingerprints value" python_stdlib -c '
import json, sys
before = [json.loads(l) for l in open(sys.argv[1])]
moved = [json.loads(l) for l in open(sys.argv[2])]
problems = []
for rule, text, message, fingerprint, line in before:
    same = [m for m in moved if m[0] == rule and m[1] == text and m[2] == message]
    if not same:
        problems.append(f"{rule} at line {line} ({message}) is gone")
    elif fingerprint not in [m[3] for m in same]:
        problems.append(f"{rule} at line {line}: {fingerprint} became {[m[3] for m in same]}")
if len(moved) != len(before):
    problems.append(f"{len(before)} results before, {len(moved)} after")
print("\n".join(problems))
sys.exit(1 if problems else 0)' before.txt moved.txt
check "fingerprints are distinct (the two kernels have a flagged line of the same text)" python_stdlib -c '
import json, sys
fingerprints = [json.loads(l)[3] for l in open(sys.argv[1])]
sys.exit(0 if len(set(fingerprints)) == len(fingerprints) else f"{fingerprints}")' moved.txt
check_lacks moved.sarif '"btlint/v1"' "no fingerprint holds the message any more (btlint/v1)"

# A changed finding may change: the tile of 96 becomes 80.
sed -i 's/{"BLOCK": 96}/{"BLOCK": 80}/' repo/kernels/ops.py
lint changed.sarif
python_stdlib summary.py changed.sarif repo/kernels/ops.py >changed.txt
check "the finding whose flagged line changed has a new fingerprint, the others keep theirs" python_stdlib -c '
import json, sys
moved = [json.loads(l) for l in open(sys.argv[1])]
changed = [json.loads(l) for l in open(sys.argv[2])]
old = {m[3] for m in moved}
new = [c for c in changed if c[3] not in old]
sys.exit(0 if len(new) == 1 and new[0][0] == "tile-not-power-of-two" and "80" in new[0][1] else f"new: {new}")' \
  moved.txt changed.txt

# relatedLocations: the tile is made at line N, in the kernel's body.
check "the note 'the tile is made at line N' is a related location at line N, linked from the message" python_stdlib -c '
import json, re, sys
log = json.load(open(sys.argv[1]))
for result in log["runs"][0]["results"]:
    for related in result.get("relatedLocations", []):
        m = re.match(r"the tile is made at line (\d+)", related["message"]["text"])
        if not m:
            continue
        region = related["physicalLocation"]["region"]
        own = result["locations"][0]["physicalLocation"]["region"]
        ok = (region["startLine"] == int(m.group(1)) and region["startLine"] != own["startLine"]
              and related["physicalLocation"]["artifactLocation"]["uri"] == "kernels/ops.py"
              and "](%s)" % related["id"] in result["message"]["text"])
        sys.exit(0 if ok else f"{result}")
sys.exit("no such related location")' changed.sarif

# UTF-16 columns: "é" is two bytes and one UTF-16 unit, "🙂" four bytes and
# two units; the flagged literal comes after both on its line.
cat >repo/kernels/accents.py <<'EOF'
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK": 64}, num_warps=4), triton.Config({"BLOCK": 128}, num_warps=4),
             triton.Config({"BLOCK": 256}, num_warps=4)],
    key=["n"],
)
@triton.jit
def café_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=offsets < n), mask=offsets < n)


def launch(x, y, n):
    café_kernel[(n,)](x, y, n, num_warps=6)  # 🙂
    réglé = "🙂"; café_kernel[(n,)](x, y, n, num_warps=6)
EOF
run_btlint_in repo --no-config --arch sm90 --format json --select config-conflicts-with-launch,num-warps-invalid \
  kernels/accents.py
cp "$OUT" accents.json
run_btlint_in repo --no-config --arch sm90 --format sarif --select config-conflicts-with-launch,num-warps-invalid \
  kernels/accents.py
cp "$OUT" accents.sarif
check "columns count UTF-16 code units: byte columns less one per 'é', two per '🙂' before them" python_stdlib -c '
import json, sys
findings = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
assert log["runs"][0]["columnKind"] == "utf16CodeUnits"
lines = open(sys.argv[3], encoding="utf-8").read().split("\n")
results = log["runs"][0]["results"]
checked = 0
for finding, result in zip(findings, results):
    region = result["locations"][0]["physicalLocation"]["region"]
    line = lines[finding["line"] - 1]
    prefix = line.encode("utf-8")[:finding["column"] - 1].decode("utf-8")
    wanted = len(prefix.encode("utf-16-le")) // 2 + 1
    if region["startColumn"] != wanted:
        sys.exit("line %d: startColumn %d, want %d (byte column %d)" % (finding["line"], region["startColumn"], wanted, finding["column"]))
    checked += prefix != prefix.encode("ascii", "ignore").decode()
sys.exit(0 if checked >= 1 else f"no finding after non-ASCII text: {findings}")' accents.json accents.sarif repo/kernels/accents.py

finish
