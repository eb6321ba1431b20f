#!/bin/bash
# Installs everything btlint needs on a fresh Debian 12 machine, builds it and
# then, depending on the mode:
#   tools/setup.sh examples   lint the bundled examples in docs/examples for sm90
#   tools/setup.sh test       run the whole test suite (what CI runs)
#   tools/setup.sh build      install and build only
# Run as root, or as a user with sudo. Idempotent: reruns skip what is done.
set -euo pipefail
mode=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BTLINT_BUILD_DIR:-$root/build}
venv=${BTLINT_VENV:-$root/.venv}
jobs=${BTLINT_JOBS:-$(nproc)}

case "$mode" in examples|test|build) ;; *) echo "usage: $0 examples|test|build" >&2; exit 2 ;; esac

sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo

apt_packages=(
  cmake ninja-build g++ pkg-config git ca-certificates
  llvm-22-dev libclang-22-dev clang-22 clang-tidy-22 libclang-rt-22-dev
  libtree-sitter-dev libyaml-cpp-dev libtcmalloc-minimal4 googletest libgtest-dev libbenchmark-dev
  zlib1g-dev
  # The archives the wheel's executables link (tools/build-wheel.sh).
  libzstd-dev libgoogle-perftools-dev
  python3 python3-venv python3-pip
)
# The editor test (test/e2e/lsp_neovim.sh) drives btlint lsp with Debian's Neovim.
if [ "$mode" = test ]; then apt_packages+=(neovim); fi
# The tests drive btlint with Debian's own pre-commit (test/e2e/pre_commit.sh).
if [ "$mode" = test ]; then apt_packages+=(pre-commit); fi
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# Python tools for the tests and the grammar download live in a venv.
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if [ "$mode" = test ]; then
  stamp="$venv/.requirements.sha256"
  want=$(sha256sum "$root/test/requirements.txt" | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet -r "$root/test/requirements.txt"
    echo "$want" > "$stamp"
  fi
fi

export BTLINT_PYTHON="$venv/bin/python"
# Clang 22 (installed above for the CUDA front-end) builds btlint: its code runs
# 3-4% faster than GCC 12's and compiles in a quarter less time
# (docs/performance.md). A build folder configured earlier keeps its compiler.
export CC=${CC:-clang-22} CXX=${CXX:-clang++-22}
werror=OFF
[ "$mode" = test ] && werror=ON
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBTLINT_WERROR=$werror >/dev/null
ninja -C "$build" -j "$jobs"
# Each stage says how long it took (SECONDS: bash's clock since the start).
stage() { echo "setup: [$((SECONDS / 60)) min $((SECONDS % 60)) s] $*"; }
stage "built"

case "$mode" in
  examples)
    echo "setup: linting docs/examples for sm90"
    set +e
    "$build/btlint" --arch sm90 "$root/docs/examples"
    status=$?
    set -e
    # The examples are written with mistakes: findings (exit 1) are expected.
    [ $status -le 1 ] || exit $status
    ;;
  test)
    export PATH="$venv/bin:$PATH"
    cd "$build"
    ctest --output-on-failure -j "$jobs" --timeout 900
    stage "test suite passed"
    # The wheel as users install it: built with everything linked in, then
    # installed into a fresh venv and tested there (test/wheel/installed.sh).
    # BTLINT_WHEEL=0 skips it.
    if [ "${BTLINT_WHEEL:-1}" != 0 ]; then
      stage "building the wheel"
      wheel=$(bash "$root/tools/build-wheel.sh" "$root/dist" | tail -1)
      stage "wheel built: $wheel"
      bash "$root/test/wheel/installed.sh" "$wheel" "$root" "$build"
      stage "installed wheel tested"
    fi
    # The suite again under AddressSanitizer + UndefinedBehaviorSanitizer
    # (BTLINT_SANITIZE: -O1, line tables only, no benchmarks); any report fails
    # the test that triggered it. BTLINT_SANITIZERS=0 skips this second build.
    if [ "${BTLINT_SANITIZERS:-1}" != 0 ]; then
      asan_build=${BTLINT_ASAN_BUILD_DIR:-$root/build-asan}
      grammar=$(find "$build/_deps" -maxdepth 1 -type d -name 'tree_sitter_python-*' 2>/dev/null | head -1)
      stage "sanitizer build in $asan_build"
      cmake -S "$root" -B "$asan_build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBTLINT_WERROR=ON \
        -DBTLINT_SANITIZE=ON ${grammar:+-DBTLINT_TS_PYTHON_DIR="$grammar"} >/dev/null
      ninja -C "$asan_build" -j "$jobs"
      export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0}
      export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
      cd "$asan_build"
      # Left to the first run: the nvcc agreement test (its time is nvcc's and
      # ptxas's; the fixtures run the same CUDA parse and extraction under the
      # sanitizers), the determinism test (it repeats whole runs, which the
      # sanitizers check once per fixture already; races are its subject) and
      # the runner's Ray and multi-GPU timing tests (their time is Python's:
      # Ray and the worker pools; the emit they start is checked elsewhere).
      ctest --output-on-failure -j "$jobs" --timeout 900 \
        -E '^(NvccAgreement\.|e2e\.determinism$|bench_runner\.(ray_cluster|multi_gpu_timing)$)'
      stage "sanitizer suite passed"
    fi
    ;;
esac
