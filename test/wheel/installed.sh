#!/bin/bash
# The btlint wheel as users get it (issue: install it like ruff). Run by
# tools/setup.sh test after the build and the suite:
#   test/wheel/installed.sh WHEEL SOURCE_DIR BUILD_DIR
# 1. the wheel: manylinux tag auditwheel agrees with, at most 60 MB;
# 2. installed into a fresh venv: btlint, btlint-bench and python -m btlint run,
#    and the executables load nothing but the C library (ldd);
# 3. the examples give the built binary's output; CUDA parses with no Clang
#    installed (a mount namespace hides /usr/lib/llvm-*);
# 4. the end-to-end and runner suites (ctest -R '^(e2e|bench_runner)\.')
#    against the installed commands;
# 5. pre-commit from PyPI with this repository's hooks (btlint, btlint-fix):
#    they install the wheel, build nothing, block a bad commit, fix one;
# 6. action.yml's steps (test/wheel/run_action.py) on a repository.
source "$(dirname "${BASH_SOURCE[0]}")/../e2e/lib/common.sh" "$3/btlint" "$2"
WHEEL=$(realpath "$1")
BUILD_DIR=$(realpath "$3")
PYTHON=${BTLINT_PYTHON:-$SOURCE_DIR/.venv/bin/python}
cd "$WORK" || exit 1

# --- 1. the wheel -----------------------------------------------------------------
name=$(basename "$WHEEL")
version=$(sed -n 's/^project(btlint VERSION \([0-9.]*\).*/\1/p' "$SOURCE_DIR/CMakeLists.txt")
case "$name" in
  btlint-"$version"-py3-none-manylinux_*_x86_64.whl) pass "wheel $name: version $version, a manylinux tag" ;;
  *) fail "wheel name carries version $version and a manylinux tag" "$name" ;;
esac
size=$(stat -c %s "$WHEEL")
check "wheel is at most 60 MB ($((size / 1000000)) MB)" test "$size" -le 60000000
plat=${name#btlint-"$version"-py3-none-}
plat=${plat%.whl}
"$PYTHON" -m auditwheel show "$WHEEL" >auditwheel.out 2>&1
check_has auditwheel.out "$plat" "auditwheel show agrees with the tag $plat"
check_has auditwheel.out "is consistent with the" "auditwheel show finds the wheel consistent with a manylinux policy"
check_lacks auditwheel.out "libstdc++" "auditwheel show: no C++ runtime needed from the system"
for v in pyproject.toml; do
  check_has "$SOURCE_DIR/$v" "version = \"$version\"" "$v (the hooks' package) has btlint's version"
  check_has "$SOURCE_DIR/$v" "btlint==$version" "$v pins the wheel of the same version"
done
check_has "$SOURCE_DIR/action.yml" "btlint==$version" "action.yml installs the wheel of this version by default"

# --- 2. installed -------------------------------------------------------------------
"$PYTHON" -m venv fresh || exit 1
if fresh/bin/python -m pip install --quiet --no-index "$WHEEL" >pip.out 2>&1; then
  pass "pip installs the wheel into a fresh venv, offline"
else
  fail "pip installs the wheel into a fresh venv, offline" "$(cat pip.out)"
  finish
fi
for exe in btlint btlint-bench; do
  check "$exe is installed as a command" test -x "fresh/bin/$exe"
  ldd "fresh/bin/$exe" >ldd.out 2>&1
  others=$(grep '=>\|ld-linux' ldd.out | grep -v -E '^\s*(libc|libm|libpthread|libdl|librt)\.so\.[0-9]+ =>|ld-linux' || true)
  check "$exe loads only the C library (ldd: $(awk '{print $1}' ldd.out | tr '\n' ' '))" test -z "$others"
done
fresh/bin/btlint --version >version.out 2>&1
check_has version.out "$version" "btlint --version names $version"
fresh/bin/python -m btlint --version >module.out 2>&1
check "python -m btlint runs btlint" cmp -s version.out module.out
check "the rule pages are installed beside bin/ (share/doc/btlint/rules)" \
  cmp -s fresh/share/doc/btlint/rules/smem-over-budget.md "$SOURCE_DIR/docs/rules/smem-over-budget.md"
fresh/bin/btlint-bench --help >bench.out 2>&1
check_has bench.out "btlint-bench" "btlint-bench runs"

# --- 3. examples and CUDA without Clang ------------------------------------------------
(cd "$SOURCE_DIR" && "$BUILD_DIR/btlint" --arch sm90 docs/examples) >built.out 2>&1
(cd "$SOURCE_DIR" && "$WORK/fresh/bin/btlint" --arch sm90 docs/examples) >installed.out 2>&1
installed_rc=$?
check "the examples: installed btlint exits 1 (findings)" test "$installed_rc" -eq 1
check "the examples: installed btlint prints what the built one prints" cmp -s built.out installed.out
mkdir cuda
cat >cuda/scale.cu <<'EOF2'
#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime.h>

__global__ void scale(float *out, const float *in, size_t n, float factor) {
  __shared__ float tile[256];
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tile[threadIdx.x] = in[i] * factor;
  __syncthreads();
  if (i < n) out[i] = tile[threadIdx.x];
}
EOF2
if unshare -m true 2>/dev/null; then
  unshare -m sh -c 'for d in /usr/lib/llvm-*; do mount -t tmpfs none "$d"; done; exec "$0" "$@"' \
    fresh/bin/btlint --no-config --select parse-error cuda/scale.cu >cuda.out 2>&1
  cuda_rc=$?
  check "CUDA with no Clang installed: no parse error (exit $cuda_rc)" test "$cuda_rc" -eq 0
  check_lacks cuda.out "file not found" "CUDA with no Clang installed: Clang's headers come from btlint"
else
  fail "unshare -m is allowed (needed to hide the installed Clang)"
fi

# --- 4. the end-to-end suites against the installed commands ----------------------------
(cd "$BUILD_DIR" && BTLINT_UNDER_TEST="$WORK/fresh/bin/btlint" BTLINT_BENCH_UNDER_TEST="$WORK/fresh/bin/btlint-bench" \
  BTLINT_PYTHON="$PYTHON" ctest -R '^(e2e|bench_runner)\.' -j "$(nproc)" --timeout 900) >e2e.out 2>&1
e2e_rc=$?
check "the end-to-end and runner suites pass against the installed btlint and btlint-bench ($(grep -o '[0-9]*% tests passed.*' e2e.out))" test "$e2e_rc" -eq 0
[ "$e2e_rc" -eq 0 ] || grep -E 'Failed|\*\*\*' e2e.out | head -20

# --- 5. pre-commit from PyPI with this repository's hooks -------------------------------
PRE_COMMIT=$(dirname "$PYTHON")/pre-commit
export PRE_COMMIT_HOME=$WORK/pre-commit-home XDG_CACHE_HOME=$WORK/cache HOME=$WORK/home
export GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME" wheels && cp "$WHEEL" wheels/
git config --global user.email btlint-test@example.invalid
git config --global user.name "btlint test"
git config --global init.defaultBranch main
# The hook environment gets the wheel from this folder (PyPI once it is published).
export PIP_FIND_LINKS=$WORK/wheels
# The hook repository is this repository at its HEAD when HEAD has the hook
# files as they are here (a CI checkout); else a repository of copies of them.
if rev=$(git -C "$SOURCE_DIR" rev-parse -q --verify HEAD 2>/dev/null) &&
   git -C "$SOURCE_DIR" diff --quiet HEAD -- .pre-commit-hooks.yaml pyproject.toml 2>/dev/null; then
  hooks=$SOURCE_DIR
else
  hooks=$WORK/hooks
  mkdir hooks && cp "$SOURCE_DIR/.pre-commit-hooks.yaml" "$SOURCE_DIR/pyproject.toml" hooks/ &&
    (cd hooks && git init -q . && git add -A && git commit -q -m hooks) || exit 1
  rev=$(cd hooks && git rev-parse HEAD)
fi
pass "pre-commit hook repository: $hooks at $rev"
mkdir repo && cd repo && git init -q . || exit 1
cat >.pre-commit-config.yaml <<EOF2
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: btlint-fix
        args: [--no-config, --arch, sm90]
      - id: btlint
        args: [--no-config, --arch, sm90]
EOF2
"$PRE_COMMIT" --version >"$WORK/pc-version.out" 2>&1
pass "pre-commit from PyPI: $(cat "$WORK/pc-version.out")"
"$PRE_COMMIT" install >"$WORK/pc-install.out" 2>&1 || fail "pre-commit install" "$(cat "$WORK/pc-install.out")"
mkdir kernels
cat >kernels/scale.py <<'EOF2'
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 256}, num_warps=4),
        triton.Config({"BLOCK": 512}, num_warps=4),
        triton.Config({"BLOCK": 512}, num_warps=4),
        triton.Config({"BLOCK": 1024}, num_warps=8),
    ],
    key=["n"],
)
@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
EOF2
git add -A
timeout 600 git commit -q -m "add a kernel" >"$WORK/commit.out" 2>&1
commit_rc=$?
cd "$WORK" || exit 1
check "pre-commit hooks: the commit of a kernel with a duplicate config is blocked" test "$commit_rc" -ne 0
check_has commit.out "btlint --fix" "pre-commit ran the btlint-fix hook"
check_has commit.out "files were modified by this hook" "btlint-fix fixed the staged kernel"
check "the duplicate config is gone from the file" test "$(grep -c '{"BLOCK": 512}' repo/kernels/scale.py)" -eq 1
hook_env=$(ls -d "$PRE_COMMIT_HOME"/repo*/py_env-* 2>/dev/null | head -1)
check "the hook environment has the wheel's btlint, byte for byte (installed, not built)" cmp -s "$hook_env/bin/btlint" "$WORK/fresh/bin/btlint"
(cd repo && git add -A && timeout 600 git commit -q -m "add a kernel") >commit2.out 2>&1
check "pre-commit hooks: the fixed kernel commits" test $? -eq 0

# --- 6. the GitHub Action's steps --------------------------------------------------------
mkdir action-repo && cp -r "$SOURCE_DIR/docs/examples/triton" action-repo/ || exit 1
# The runner needs PyYAML (the test venv's); the action's python3 is the fresh venv's.
PATH=$WORK/fresh/bin:$PATH "$PYTHON" "$SOURCE_DIR/test/wheel/run_action.py" \
  "$SOURCE_DIR/action.yml" "$WORK/action-repo" "package=$WHEEL" "args=triton --arch sm90" >action.out 2>&1
action_rc=$?
check "action: the gate fails on the examples' findings (exit $action_rc)" test "$action_rc" -eq 1
check_has action.out "RUN Install btlint" "action: installs the wheel"
check_has action.out "USES github/codeql-action/upload-sarif@v3 sarif_file=btlint.sarif category=btlint" \
  "action: uploads the SARIF file it wrote"
check "action: the SARIF file it wrote holds the findings" "$PYTHON" -c \
  'import json,sys; log=json.load(open(sys.argv[1])); sys.exit(not (log["version"] == "2.1.0" and log["runs"][0]["results"]))' \
  action-repo/btlint.sarif
check_has action.out "::error file=triton/" "action: annotations in GitHub's format"
finish
