#!/bin/bash
# The GitHub Actions workflow documented in docs/ci.md is valid YAML, uploads
# SARIF with github/codeql-action/upload-sarif, and the btlint command lines
# of its steps run as documented: the SARIF step writes a SARIF file and
# accepts exit 1 but not exit 2, the annotation step prints workflow commands
# and fails on findings. (PyYAML is Debian's python3-yaml, a dependency of the
# pre-commit package that tools/setup.sh test installs.)
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

if ! /usr/bin/python3 - "$SOURCE_DIR/docs/ci.md" >steps.txt 2>extract.err <<'EOF'; then
import re
import sys

import yaml

text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
workflows = [yaml.safe_load(b) for b in blocks]
workflows = [w for w in workflows if isinstance(w, dict) and "jobs" in w]
assert len(workflows) == 1, f"expected one workflow in docs/ci.md, found {len(workflows)}"
steps = workflows[0]["jobs"]["btlint"]["steps"]
uses = [s.get("uses", "") for s in steps]
assert any(u.startswith("github/codeql-action/upload-sarif@") for u in uses), uses
upload = next(s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@"))
sarif_file = upload["with"]["sarif_file"]
runs = [s["run"] for s in steps if "run" in s and s["run"].lstrip().startswith("btlint ")]
assert len(runs) == 2, runs
print(sarif_file)
for r in runs:
    print(r.strip())
EOF
  fail "docs/ci.md holds one valid workflow with upload-sarif and two btlint steps" "$(cat extract.err)"
  finish
fi
pass "docs/ci.md holds one valid workflow with upload-sarif and two btlint steps"
sarif_file=$(sed -n 1p steps.txt)
sarif_step=$(sed -n 2p steps.txt)
gate_step=$(sed -n 3p steps.txt)
check_matches steps.txt "--format sarif --output $sarif_file" "the SARIF step writes the file the upload step reads"
check_matches steps.txt "^btlint --format github" "the gate step prints annotations"

# Run the documented steps in a small repository with one finding, with the
# built btlint as `btlint`.
mkdir -p bin repo/kernels && ln -s "$BTLINT" bin/btlint
cat >repo/kernels/scale.py <<'EOF'
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 256}, num_warps=4),
        triton.Config({"BLOCK": 512}, num_warps=6),
        triton.Config({"BLOCK": 1024}, num_warps=8),
    ],
    key=["n"],
)
@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
EOF
run_step() { # run_step COMMAND: as a workflow `run:` step (bash -e) in repo/
  (cd repo && PATH=$WORK/bin:$PATH timeout 120 bash -e -c "$1") >step.out 2>step.err
  STEP_RC=$?
}
run_step "$sarif_step"
check "the SARIF step succeeds although btlint found something" test "$STEP_RC" -eq 0
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d["runs"][0]["results"]; assert d["version"]=="2.1.0" and [x["ruleId"] for x in r]==["num-warps-invalid"], r' "repo/$sarif_file" 2>sarif.err; then
  pass "the SARIF step wrote $sarif_file with the finding"
else
  fail "the SARIF step wrote $sarif_file with the finding" "$(cat sarif.err)"
fi
run_step "$gate_step"
check "the gate step fails on the finding" test "$STEP_RC" -eq 1
check_matches step.out "^::error file=kernels/scale.py,line=8,.*title=.*num-warps-invalid" "the gate step prints an annotation"

# A broken config is exit 2: the SARIF step must fail, not swallow it.
printf 'arch: [sm91]\n' >repo/.btlint.yaml
run_step "$sarif_step"
check "the SARIF step fails on a config error (exit 2)" test "$STEP_RC" -ne 0
rm repo/.btlint.yaml

sed -i 's/num_warps=6/num_warps=8/' repo/kernels/scale.py
run_step "$gate_step"
check "the gate step passes once fixed" test "$STEP_RC" -eq 0
finish
