#!/bin/bash
# `backend:` in .btlint.yaml: a vendor fork's paths get none of the checks of
# upstream Triton or NVIDIA/AMD limits (arch-specific rules, power-of-two
# tiles, too few configs) and keep the others; `backend: triton` keeps them;
# a top-level backend covers every file; the foreign-backend-unmarked note
# fires only where nothing is said; an unknown backend is a config error with
# file:line:col and a suggestion.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir -p repo/ops repo/backend/_ascend/ops
# Upstream-only findings (a 96-wide arange, num_stages=0, one config) plus one
# that holds on any backend (a config key that is not a parameter).
kernel='import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 96, "BLOCK_SZIE": 1}, num_warps=4, num_stages=0)],
    key=["n_elements"],
)
@triton.jit
def scale_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * 2, mask=mask)
'
printf '%s' "$kernel" >repo/ops/scale.py
printf '%s' "$kernel" >repo/backend/_ascend/ops/scale.py

echo "# no config: every rule everywhere, and a note on the fork's folder"
run_btlint --arch sm90 repo
check_stdout_has "repo/backend/_ascend/ops/scale.py:1:1: note: this file lies in the folder \`_ascend\`" "the fork's folder is named"
check_stdout_has "[foreign-backend-unmarked]" "the note names its rule"
check_stdout_has 'overrides: [{paths: ["repo/backend/_ascend/**"], backend: ascend}]' "the note shows the override to write"
check_stdout_has "repo/backend/_ascend/ops/scale.py:6:43: note: config 1 sets \`BLOCK_SIZE\` to 96" "without a backend, tile-not-power-of-two reports on the fork's file at note level"
check_stdout_has "at note level (error elsewhere): this file lies in the folder \`_ascend\`" "the note says why it is a note"
check_stdout_has "repo/ops/scale.py:6:43: error:" "the upstream file keeps the error"
check_stdout_has "config-unknown-param]" "rules of any backend keep their severity"
grep -q "_ascend/ops/scale.py:6:47: error: config 1 sets \`BLOCK_SZIE\`" "$OUT" || fail "config-unknown-param stays an error on the fork's file"
check_stdout_lacks "repo/ops/scale.py:1:1: note:" "the upstream file gets no note"

echo "# the fork's folder alone: its upstream findings are notes, and the only error left is config-unknown-param's"
sed -i 's/, "BLOCK_SZIE": 1//' repo/backend/_ascend/ops/scale.py
run_btlint --arch sm90 repo/backend
check_rc 0 "notes do not fail the run"
check_stdout_has "[tile-not-power-of-two]" "the finding is still shown"
printf '%s' "$kernel" >repo/backend/_ascend/ops/scale.py

echo "# an absolute path (an editor's): folders above the repository say nothing"
mkdir -p home/intel/proj/.git home/intel/proj/ops
printf '%s' "$kernel" >home/intel/proj/ops/scale.py
run_btlint --arch sm90 "$PWD/home/intel/proj/ops/scale.py"
check_stdout_has "scale.py:6:43: error:" "a folder named intel above the repository keeps the error"
check_stdout_lacks "foreign-backend-unmarked" "and draws no note"

echo "# backend: ascend for the fork's folder"
printf 'overrides:\n  - paths: ["backend/_ascend/**"]\n    backend: ascend\n' >repo/.btlint.yaml
run_btlint --arch sm90 repo
check_stdout_lacks "repo/backend/_ascend/ops/scale.py:6:43: error:" "tile-not-power-of-two is off on the fork's paths"
check_stdout_lacks "_ascend/ops/scale.py:6:89: warning" "num-stages-out-of-range (arch-specific) is off on the fork's paths"
check_stdout_lacks "foreign-backend-unmarked" "a declared backend silences the note"
check_stdout_has "repo/backend/_ascend/ops/scale.py:6:47: error: config 1 sets \`BLOCK_SZIE\`" "config-unknown-param still runs on the fork's paths"
check_stdout_has "repo/ops/scale.py:6:43: error:" "upstream files keep tile-not-power-of-two"
grep -c "^repo/backend/_ascend" "$OUT" >fork.count # findings; their notes are indented
check_same_file fork.count <(echo 1) "one finding left on the fork's file"

echo "# select cannot bring an upstream-only rule back on the fork's paths"
run_btlint --arch sm90 --select tile-not-power-of-two repo
check_stdout_lacks "backend/_ascend" "--select does not judge a fork by upstream limits"
check_stdout_has "repo/ops/scale.py:6:43: error:" "--select still judges upstream files"

echo "# backend: triton keeps every check and silences the note"
printf 'overrides:\n  - paths: ["backend/_ascend/**"]\n    backend: triton\n' >repo/.btlint.yaml
run_btlint --arch sm90 repo
check_stdout_has "repo/backend/_ascend/ops/scale.py:6:43: error:" "backend: triton keeps tile-not-power-of-two"
check_stdout_lacks "foreign-backend-unmarked" "backend: triton silences the note"

echo "# a top-level backend covers every file"
printf 'backend: other\n' >repo/.btlint.yaml
run_btlint --arch sm90 repo
check_stdout_lacks "6:43: error:" "backend: other at the top turns upstream-only rules off everywhere"
check_stdout_has "repo/ops/scale.py:6:47: error: config 1 sets \`BLOCK_SZIE\`" "the rest runs everywhere"

echo "# an AMD target: no note"
rm repo/.btlint.yaml
run_btlint --arch gfx942 repo
check_stdout_lacks "foreign-backend-unmarked" "only NVIDIA targets get the note"

echo "# an unknown backend"
printf 'overrides:\n  - paths: ["backend/_ascend/**"]\n    backend: acsend\n' >repo/.btlint.yaml
run_btlint --arch sm90 repo
check_rc 2 "an unknown backend is a usage error"
check_stderr_has "repo/.btlint.yaml:3:14: error: unknown backend \`acsend\`; did you mean \`ascend\`?" "the error has file:line:col and a suggestion"

finish
