#!/bin/bash
# Malformed YAML tuning tables are reported as parse-error at the line and
# column where the YAML parser stopped; table-shape mistakes at the offending
# node. Other files of the run are still checked, and nothing crashes.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir tables
# An unclosed flow map and sequence: yaml-cpp stops at line 4, column 15.
cat >tables/unclosed.yaml <<'EOF'
kernels:
  matmul_kernel:
    - {BLOCK_M: 128, num_warps: 8
  other_kernel: []
EOF
# A tab used for indentation inside a block map.
printf 'kernel: rms_norm\nconfigs:\n  - BLOCK: 1024\n\t num_warps: 4\n' >tables/tab.yaml
# Valid YAML, wrong shapes.
cat >tables/shapes.yaml <<'EOF'
kernels:
  softmax_kernel:
    - {BLOCK: 1024, num_warps: 4}
    - 17
  layer_norm:
    sm90: [ {BLOCK: 4096, num_warps: 8} ]
    hopper: [ {BLOCK: 2048, num_warps: 8} ]
    key: N
EOF
cat >tables/nokernel.yaml <<'EOF'
configs:
  - {BLOCK: 1024, num_warps: 4}
EOF
# A good table beside the broken ones is still checked.
cat >tables/good.yaml <<'EOF'
kernel: add_kernel
configs:
  - {BLOCK: 1024, num_warps: 6}
EOF

run_btlint --no-config --arch sm90 --select parse-error,num-warps-invalid tables
check_rc 1 "malformed tables are findings (exit 1), not a crash"
check_stdout_matches "^tables/unclosed.yaml:4:15: error: malformed YAML: end of map flow not found \[parse-error\]$" \
  "an unclosed flow map: line and column"
check_stdout_matches "^tables/tab.yaml:[0-9]+:[0-9]+: error: malformed YAML: .*\[parse-error\]$" "a tab in the indentation: line and column"
check_stdout_matches "^tables/shapes.yaml:4:7: error: tuning table: config 2 of the list of \`softmax_kernel\` must be a map of parameter names to values \[parse-error\]$" \
  "a config that is not a map is pointed at"
check_stdout_matches "^tables/shapes.yaml:7:5: error: tuning table: unknown key \`hopper\` in \`layer_norm\`" \
  "an unknown key in an arch-keyed entry is pointed at"
check_stdout_matches "^tables/shapes.yaml:8:10: error: tuning table: \`key\` must be a list of argument names \[parse-error\]$" \
  "a key that is not a list is pointed at"
check_stdout_matches "^tables/nokernel.yaml:2:3: error: tuning table: \`configs\` needs a \`kernel: NAME\` beside it \[parse-error\]$" \
  "configs without a kernel name"
check_stdout_matches "^tables/good.yaml:3:30: error: .*num_warps.* to 6.*\[num-warps-invalid, sm90\]$" \
  "the good table beside them is still checked"

# JSON carries the same position.
run_btlint --no-config --arch sm90 --select parse-error --format json tables/unclosed.yaml
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [(f["line"], f["column"]) for f in d] == [(4, 15)], d' "$OUT" 2>"$WORK/err"; then
  pass "--format json: the parse error is at 4:15"
else
  fail "--format json: the parse error is at 4:15" "$(cat "$WORK/err")"
fi

# A YAML file that is not a tuning table is left alone, even when broken
# elsewhere: only tables are read.
printf 'name: ci\non:\n  push: {branches: [main]}\n' >tables/workflow.yaml
run_btlint --no-config --arch sm90 tables/workflow.yaml
check_rc 0 "a YAML file that is not a tuning table gives no findings"
check_stdout_empty "nothing reported for a non-table YAML file"

# A file that does not parse and has no top-level `configs`/`kernels` key
# (a Jinja template that names configs only in a path) is said at note
# severity: it cannot be a tuning table, and the run does not fail on it.
mkdir -p templates
printf 'CLASS_NAMES: [Car]\nDATA_CONFIG:\n    _BASE_CONFIG_: {{ base }}/cfgs/dataset_configs/kitti.yaml\n' >templates/model.yaml
run_btlint --no-config --arch sm90 templates/model.yaml
check_rc 0 "a broken non-table YAML file does not fail the run"
check_stdout_matches "^templates/model.yaml:3:[0-9]+: note: malformed YAML: .*no tuning table\\) \\[parse-error\\]$" \
  "a broken non-table YAML file is said at note severity"
finish
