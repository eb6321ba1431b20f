#!/bin/bash
# `.btlint.yaml autotuners:` declares decorators of other packages that
# autotune like triton.autotune: undeclared, their lists are reported as not
# read (config-list-unresolved says how to declare them); declared by
# qualified name or last names, with triton.autotune's arguments or others
# by keyword or position, their configs are read, whole tree and one file
# alone alike. Bad declarations are errors at file:line:column.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir -p proj/ops
cat >proj/ops/scale.py <<'PY'
import triton
import triton.language as tl
from fastkernels.tuning import cached_autotune

CONFIGS = [triton.Config({"BLOCK": b}, num_warps=4) for b in (128, 100)]


@cached_autotune(CONFIGS, ["n"])
@triton.jit
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
PY
cat >proj/ops/shift.py <<'PY'
import triton
import triton.language as tl
import fastkernels.tuning as fk


@fk.tune(key=["n"], candidates=[triton.Config({"BLOCK": 48})])
@triton.jit
def shift_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1, mask=offs < n)
PY

echo "# undeclared: shift_kernel's decorator takes no configs= and is not taken for an autotuner"
printf 'arch: sm90\n' >proj/.btlint.yaml
run_btlint_in proj --select config-list-unresolved,tile-not-power-of-two .
check_stdout_lacks "BLOCK" "no config of an undeclared decorator is judged"
check_stdout_lacks "shift.py" "a decorator without configs= is not reported"

echo "# declared by qualified name and by last names with other arguments"
cat >proj/.btlint.yaml <<'YAML'
arch: sm90
autotuners:
  fastkernels.tuning.cached_autotune: {}
  tuning.tune: {configs: candidates, key: key}
YAML
run_btlint_in proj --select config-list-unresolved,tile-not-power-of-two .
check_stdout_has "ops/scale.py:5:68: error: config 2 sets \`BLOCK\` to 100" "positional configs of a declared decorator are read"
check_stdout_has "ops/shift.py:6:57: error: config 1 sets \`BLOCK\` to 48" "configs by a declared keyword, the decorator named by its last names"
check_stdout_lacks "config-list-unresolved" "declared lists are read whole"
run_btlint_in proj --select config-list-unresolved,tile-not-power-of-two ops/scale.py
check_stdout_has "ops/scale.py:5:68: error: config 2 sets \`BLOCK\` to 100" "one file alone reads it too"

echo "# bad declarations"
cat >proj/.btlint.yaml <<'YAML'
autotuners:
  cached_autotune: {configs: 0, keys: key}
  mylib.tune: {configs: "not a name"}
YAML
run_btlint_in proj ops/scale.py
check_rc 2 "a bad declaration is a usage error"
check_stderr_has ".btlint.yaml:2:33: error: unknown key \`keys\` in autotuner \`cached_autotune\`; did you mean \`key\`?" "unknown argument role, with a suggestion"
check_stderr_has ".btlint.yaml:3:25: error: \`configs\` of autotuner \`mylib.tune\` must be the argument's keyword" "a value that is neither a name nor a position"
printf 'autotuners: [cached_autotune]\n' >proj/.btlint.yaml
run_btlint_in proj ops/scale.py
check_rc 2 "autotuners must be a map"
check_stderr_has ".btlint.yaml:1:13: error: \`autotuners\` must map decorator names" "says what the map holds"

finish
