#!/bin/bash
# Builds and runs btlint's libFuzzer targets (test/fuzz).
#
#   tools/fuzz.sh TARGET SECONDS [LIBFUZZER_ARGS...]
#   tools/fuzz.sh all SECONDS            every target, side by side
#   tools/fuzz.sh build                  only build them (static executables)
#
# TARGET: fuzz_python_analysis fuzz_python_parser fuzz_yaml_configs fuzz_project_config
#         fuzz_suppressions fuzz_emitters fuzz_cuda_translation_units
# Environment:
#   FUZZ_JOBS=N             fuzzer processes per target, sharing its corpus, default 1
#   BTLINT_FUZZ_BUILD_DIR   the Clang build folder, default build-fuzz
#   BTLINT_JOBS=N           ninja jobs for the build, default nproc
#   BTLINT_FUZZ_BIN         a folder of built targets: run those, build nothing
#   BTLINT_FUZZ_SEEDS       seed corpora (from test/fuzz/make_corpus.py), default
#                           generated into the build folder
#   BTLINT_FUZZ_OUT         where the run's corpus, crashes and logs go, default
#                           BUILD/fuzz-out; per target: TARGET.log, TARGET.stats,
#                           TARGET-artifacts/ (crash-*, leak-*, timeout-*, oom-*)
# Each input may take at most 20 s (-timeout; an evaluation stops itself after
# 2 s per file and arch) and 2 GB (-rss_limit_mb). Crashes, leaks, timeouts and
# out-of-memory inputs are kept under TARGET-artifacts/ and fuzzing goes on.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
targets=(fuzz_python_analysis fuzz_python_parser fuzz_yaml_configs fuzz_project_config fuzz_suppressions fuzz_emitters fuzz_cuda_translation_units)
build=${BTLINT_FUZZ_BUILD_DIR:-$root/build-fuzz}
jobs=${FUZZ_JOBS:-1}

usage() { echo "usage: $0 TARGET|all SECONDS [LIBFUZZER_ARGS...] | $0 build" >&2; exit 2; }
[ $# -ge 1 ] || usage
target=$1

build_targets() {
  local cc=${CC:-clang-22} cxx=${CXX:-clang++-22}
  if [ ! -f "$build/build.ninja" ]; then
    local tsdir=()
    [ -d "$root/build/_deps/tree_sitter_python-0.23.6/src" ] &&
      tsdir=(-DBTLINT_TS_PYTHON_DIR="$root/build/_deps/tree_sitter_python-0.23.6")
    CC=$cc CXX=$cxx cmake -S "$root" -B "$build" -G Ninja -DBTLINT_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      "${tsdir[@]}" >/dev/null
  fi
  ninja -C "$build" -j "${BTLINT_JOBS:-$(nproc)}" fuzz_all
}

if [ "$target" = build ]; then
  build_targets
  exit 0
fi
[ $# -ge 2 ] || usage
seconds=$2
shift 2
case "$seconds" in '' | *[!0-9]*) usage ;; esac
if [ "$target" != all ] && [[ ! " ${targets[*]} " =~ " $target " ]]; then
  echo "unknown target $target; one of: ${targets[*]} all" >&2
  exit 2
fi

bin=${BTLINT_FUZZ_BIN:-}
if [ -z "$bin" ]; then
  build_targets
  bin=$build/test/fuzz
fi
seeds=${BTLINT_FUZZ_SEEDS:-}
if [ -z "$seeds" ]; then
  seeds=$build/fuzz-seeds
  python3 "$root/test/fuzz/make_corpus.py" "$root" "$seeds" >/dev/null
fi
out=${BTLINT_FUZZ_OUT:-$build/fuzz-out}
mkdir -p "$out"

# run_one TARGET: fuzzes TARGET for $seconds with $jobs worker processes that
# share one corpus. A worker stopped by a finding (crash, leak, timeout, out of
# memory: saved under TARGET-artifacts/) starts again until the time is up.
# Writes TARGET.stats: executions, wall seconds and CPU minutes (user + system
# of every fuzzer process, from the shell's `time`).
run_one() {
  local t=$1
  shift
  local corpus=$out/corpus/$t artifacts=$out/$t-artifacts
  mkdir -p "$corpus" "$artifacts"
  if [ -d "$seeds/$t" ]; then cp -n "$seeds/$t"/* "$corpus"/ 2>/dev/null || true; fi
  local args=(-timeout=20 -rss_limit_mb=2048 -artifact_prefix="$artifacts/" -print_final_stats=1 -reload=1)
  [ "$t" != fuzz_emitters ] && args+=(-dict="$root/test/fuzz/triton.dict")
  local deadline=$((SECONDS + seconds)) start=$SECONDS
  worker() {
    local i=$1 left
    shift
    while :; do
      left=$((deadline - SECONDS))
      [ "$left" -ge 3 ] || break
      echo "=== worker $i: start with ${left}s left" >>"$out/$t.$i.log"
      "$bin/$t" "${args[@]}" -max_total_time="$left" "$@" "$corpus" >>"$out/$t.$i.log" 2>&1 || true
    done
  }
  local TIMEFORMAT='%R %U %S' i
  {
    time {
      for ((i = 0; i < jobs; ++i)); do worker "$i" "$@" & done
      wait
    }
  } 2>"$out/$t.time"
  local wall=$((SECONDS - start)) cpu
  cpu=$(awk '{printf "%.1f", ($2 + $3) / 60}' "$out/$t.time")
  # Executions: exact from each run's final statistics; for a run cut short by
  # a finding, its last progress line ("#N ...").
  local execs
  execs=$(cat "$out/$t".*.log | awk '
    /^=== worker/ { total += last; last = 0 }
    /^#[0-9]+/ { n = substr($1, 2) + 0; if (n > last) last = n }
    /^stat::number_of_executed_units:/ { total += $2; last = 0 }
    END { print total + last }')
  local found
  found=$(find "$artifacts" -type f | wc -l)
  printf '%s executions=%s wall_s=%s workers=%s cpu_minutes=%s artifacts=%s corpus=%s\n' \
    "$t" "$execs" "$wall" "$jobs" "$cpu" "$found" "$(find "$corpus" -type f | wc -l)" | tee "$out/$t.stats"
}

if [ "$target" = all ]; then
  pids=()
  for t in "${targets[@]}"; do
    run_one "$t" "$@" &
    pids+=($!)
  done
  status=0
  for p in "${pids[@]}"; do wait "$p" || status=1; done
  exit $status
fi
run_one "$target" "$@"
