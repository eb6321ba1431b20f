#!/bin/bash
# The `btlint-build` pre-commit hook (.pre-commit-hooks.yaml): builds btlint
# from the repository this script lives in, once, then runs it with the
# arguments pre-commit passes (the hook's args, then the staged files).
# pre-commit keeps its clone of this repository in its cache
# (~/.cache/pre-commit), so the build survives between commits; a new `rev`
# in .pre-commit-config.yaml is a new clone and builds again.
#   BTLINT_BUILD_JOBS   parallel compile jobs (default: all cores)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build-pre-commit"
binary="$build/btlint"
if [ ! -x "$binary" ]; then
  for tool in cmake ninja; do
    if ! command -v "$tool" >/dev/null; then
      echo "btlint-build: \`$tool\` is not installed; install the build dependencies" \
           "(tools/setup.sh build in a clone of btlint) or use the \`btlint\` hook with an installed binary" >&2
      exit 2
    fi
  done
  echo "btlint-build: building btlint in $build (first use; takes a few minutes)" >&2
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBTLINT_BUILD_TESTS=OFF >&2
  ninja -C "$build" -j "${BTLINT_BUILD_JOBS:-$(nproc)}" btlint >&2
fi
exec "$binary" "$@"
