#!/bin/bash
# A kernel file linted alone (as pre-commit and editors pass it) reads the
# project modules it imports from disk, so its findings are those of a run
# over the whole project; modules that are not the project's stay unknown.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir -p proj/mypkg/tuning proj/mypkg/ops proj/scripts
# The package re-exports its autotuner wrapper: `from . import wrappers` in
# its __init__.py, `from .impl import *` in the wrapper package's.
printf 'from . import wrappers\n' >proj/mypkg/__init__.py
mkdir -p proj/mypkg/wrappers
printf 'from .impl import *\n' >proj/mypkg/wrappers/__init__.py
cat >proj/mypkg/wrappers/impl.py <<'PY'
import triton


def autotune(configs, key):
    return triton.autotune(configs, key)
PY
: >proj/mypkg/tuning/__init__.py
: >proj/mypkg/ops/__init__.py
# The configs live in a sibling package; one of them asks for 3 warps.
cat >proj/mypkg/tuning/configs.py <<'PY'
import triton

WIDE = 256


def matmul_configs():
    return [
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64}, num_warps=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": WIDE}, num_warps=3),
    ]
PY
# Beside the kernel, but only a package folder: `import helpers` does not
# find it in Python 3 (no implicit relative imports), nor in btlint.
cat >proj/mypkg/ops/helpers.py <<'PY'
import triton

CONFIGS = [triton.Config({"BLOCK_M": 96}, num_warps=4)]
PY
cat >proj/mypkg/ops/matmul.py <<'PY'
import triton
import triton.language as tl

import helpers
from mypkg.tuning.configs import matmul_configs
from ..tuning import configs as tuning
from vendored_lib.tuning import LIB_CONFIGS
from mypkg import wrappers


@triton.autotune(configs=matmul_configs(), key=["M"])
@triton.jit
def scale_kernel(x_ptr, M, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    x = tl.load(x_ptr + offs, mask=offs < M)
    tl.store(x_ptr + offs, x * 2, mask=offs < M)


@triton.autotune(configs=[triton.Config({"BLOCK_M": tuning.WIDE}, num_warps=6)], key=["M"])
@triton.jit
def relative_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M), mask=offs < M)


@wrappers.autotune([triton.Config({"BLOCK_M": 64}, num_warps=5)], ["M"])
@triton.jit
def wrapped_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M), mask=offs < M)


@triton.autotune(configs=helpers.CONFIGS + LIB_CONFIGS, key=["M"])
@triton.jit
def unresolved_kernel(x_ptr, M, BLOCK_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < M), mask=offs < M)
PY

echo "# the file alone finds what the whole project finds"
run_btlint_in proj --no-config --arch sm90 --format json .
sed 's#"\./#"#g' "$OUT" | python3 -c '
import json, sys
print(json.dumps(sorted((d["rule"], d["path"], d["line"], d["message"]) for d in json.load(sys.stdin) if d["path"].endswith("matmul.py")), indent=1))' >"$WORK/whole.txt"
run_btlint_in proj --no-config --arch sm90 --format json mypkg/ops/matmul.py
python3 -c '
import json, sys
print(json.dumps(sorted((d["rule"], d["path"], d["line"], d["message"]) for d in json.load(sys.stdin)), indent=1))' <"$OUT" >"$WORK/alone.txt"
if diff -u "$WORK/whole.txt" "$WORK/alone.txt" >"$WORK/diff.txt"; then
  pass "findings of mypkg/ops/matmul.py alone equal those of the whole project"
else
  fail "findings of mypkg/ops/matmul.py alone equal those of the whole project" "$(cat "$WORK/diff.txt")"
fi

echo "# an absolute import of a sibling package, read from disk"
run_btlint_in proj --no-config --arch sm90 --select num-warps-invalid mypkg/ops/matmul.py
check_rc 1 "the config written in mypkg/tuning/configs.py is checked"
if grep -q "config 2 sets \`num_warps\` to 3" "$OUT" && grep -q "mypkg/tuning/configs.py" "$OUT"; then
  pass "num_warps=3 of the helper's list is reported, naming the file that writes it"
else
  fail "num_warps=3 of the helper's list is reported, naming the file that writes it"
fi

echo "# a relative import of a module's constant"
run_btlint_in proj report mypkg/ops/matmul.py::relative_kernel --no-config --arch sm90 --format json
if grep -q '"BLOCK_M": 256' "$OUT" && ! grep -q "not fully evaluated" "$OUT"; then
  pass "the list using tuning.WIDE (from ..tuning import configs) is read whole"
else
  fail "the list using tuning.WIDE (from ..tuning import configs) is read whole"
fi

echo "# a project's autotuner wrapper, re-exported through the package"
run_btlint_in proj --no-config --arch sm90 --select num-warps-invalid mypkg/ops/matmul.py
if grep -q "config 1 sets \`num_warps\` to 5" "$OUT"; then
  pass "the list given to wrappers.autotune (from mypkg import wrappers; from .impl import *) is checked"
else
  fail "the list given to wrappers.autotune (from mypkg import wrappers; from .impl import *) is checked"
fi

echo "# what is not the project's stays unknown, and the report says so"
run_btlint_in proj report mypkg/ops/matmul.py::unresolved_kernel --no-config --arch sm90 --format json
if grep -q "not fully evaluated" "$OUT"; then
  pass "a list from a third-party module and from a module Python would not find is not read"
else
  fail "a list from a third-party module and from a module Python would not find is not read"
fi
if grep -q "96" "$OUT"; then
  fail "helpers.py, beside the kernel in a package folder, is not taken for \`import helpers\`"
else
  pass "helpers.py, beside the kernel in a package folder, is not taken for \`import helpers\`"
fi
echo "# package folders that pyproject.toml and setup.cfg declare, for files outside them"
for layout in pyproject setupcfg srcdefault; do
  rm -rf "$WORK/lay" && mkdir -p "$WORK/lay/bench"
  case $layout in
    pyproject) pkgroot=python; printf '[project]\nname = "fastops"\n\n[tool.setuptools.packages.find]\nwhere = ["python"]\n' >"$WORK/lay/pyproject.toml" ;;
    setupcfg) pkgroot=lib; printf '[metadata]\nname = fastops\n\n[options]\npackage_dir =\n    =lib\n' >"$WORK/lay/setup.cfg" ;;
    srcdefault) pkgroot=src; printf 'from setuptools import setup\nsetup()\n' >"$WORK/lay/setup.py" ;;
  esac
  mkdir -p "$WORK/lay/$pkgroot/fastops"
  : >"$WORK/lay/$pkgroot/fastops/__init__.py"
  printf 'import triton\nCONFIGS = [triton.Config({"BLOCK": 64}, num_warps=3)]\n' >"$WORK/lay/$pkgroot/fastops/tuning.py"
  cat >"$WORK/lay/bench/bench_scale.py" <<'PY'
import triton
import triton.language as tl
from fastops.tuning import CONFIGS


@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
PY
  run_btlint_in "$WORK/lay" --no-config --arch sm90 --select num-warps-invalid,config-list-unresolved bench/bench_scale.py
  check_stdout_has "sets \`num_warps\` to 3" "$layout: a benchmark outside the package folder reads fastops from $pkgroot/"
  check_stdout_lacks "config-list-unresolved" "$layout: the list is read whole"
done

echo "# a vendored copy of a package importing itself by its own name"
rm -rf "$WORK/vend" && mkdir -p "$WORK/vend/app/_vendored/fastops/ops" "$WORK/vend/app/_vendored/fastops/utils"
for d in app app/_vendored app/_vendored/fastops app/_vendored/fastops/ops; do : >"$WORK/vend/$d/__init__.py"; done
# The project registers the copy as `fastops` at run time (sys.modules or
# sys.path); its files import `fastops.*` as upstream wrote them.
printf 'import triton\nWARPS = [4, 3]\n' >"$WORK/vend/app/_vendored/fastops/utils/__init__.py"
cat >"$WORK/vend/app/_vendored/fastops/ops/scale.py" <<'PY'
import triton
import triton.language as tl
from fastops.utils import WARPS


@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=w) for w in WARPS], key=["n"])
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
PY
for target in app/_vendored/fastops/ops/scale.py .; do
  run_btlint_in "$WORK/vend" --no-config --arch sm90 --select num-warps-invalid,config-list-unresolved "$target"
  check_stdout_has "sets \`num_warps\` to 3" "linting $target: \`from fastops.utils import WARPS\` inside _vendored/fastops reads the copy"
  check_stdout_lacks "config-list-unresolved" "linting $target: the list is read whole"
done
# A top-level package of that name comes first, as on the import path.
mkdir -p "$WORK/vend/fastops/utils" && printf 'WARPS = [4, 5]\n' >"$WORK/vend/fastops/utils/__init__.py"
: >"$WORK/vend/fastops/__init__.py"
run_btlint_in "$WORK/vend" --no-config --arch sm90 --select num-warps-invalid app/_vendored/fastops/ops/scale.py
check_stdout_has "sets \`num_warps\` to 5" "a top-level fastops/ at an import root is preferred to the enclosing copy"

finish
