#!/bin/bash
# Regenerates tools/pgo/btlint.proftext, the execution profile Clang uses to
# optimise the btlint build (profile-guided optimisation, CMake's BTLINT_PGO;
# docs/performance.md). Builds an instrumented btlint in build-pgo-train/,
# runs it over btlint's own inputs (docs/examples and the rule, parser, report
# and end-to-end fixtures under test/, never the benchmark's files), and
# writes the merged counters as text. Run it after changing code on the hot
# path (parser, readers, evaluator, rules): functions whose code changed since
# the profile was made are compiled without it until then.
#   tools/pgo-profile.sh        needs clang-22 and llvm-profdata-22 (set-up installs both)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BTLINT_PGO_TRAIN_DIR:-$root/build-pgo-train}
profdata=${LLVM_PROFDATA:-llvm-profdata-22}
out="$root/tools/pgo/btlint.proftext"
command -v "$profdata" >/dev/null || { echo "pgo-profile: $profdata not found (apt install llvm-22)" >&2; exit 2; }

CC=${CC:-clang-22} CXX=${CXX:-clang++-22} cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DBTLINT_BUILD_TESTS=OFF -DBTLINT_PGO=OFF \
  -DCMAKE_C_FLAGS=-fprofile-instr-generate -DCMAKE_CXX_FLAGS=-fprofile-instr-generate \
  -DCMAKE_EXE_LINKER_FLAGS=-fprofile-instr-generate >/dev/null
ninja -C "$build" btlint

raw="$build/profraw"
rm -rf "$raw"
mkdir -p "$raw"
export LLVM_PROFILE_FILE="$raw/%p.profraw"
# One run per folder, as pre-commit and CI run btlint; two archs, as a
# project's configuration often asks. Findings make the exit status 1. The
# Python files again through tree-sitter-python: btlint's fallback parser,
# and the path the benchmark's parse-only baseline takes, profiled as much
# as the rest. Exit 2 is an internal-error finding: the internal-error
# fixtures crash a translation unit on purpose.
dirs=("$root"/test/rules/*/ "$root/docs/examples" "$root/test/parser" "$root/test/e2e" "$root/test/report")
for dir in "${dirs[@]}"; do
  "$build/btlint" --no-config --arch sm80,sm90 -j1 --format json "$dir" >/dev/null 2>&1 || [ $? -le 2 ]
  BTLINT_PYTHON_PARSER=tree-sitter "$build/btlint" --no-config --arch sm90 -j1 --format json "$dir" >/dev/null 2>&1 ||
    [ $? -le 2 ]
done
mkdir -p "$(dirname "$out")"
"$profdata" merge --sparse --text -o "$out" "$raw"/*.profraw
echo "pgo-profile: wrote $out from $(ls "$raw" | wc -l) runs"
