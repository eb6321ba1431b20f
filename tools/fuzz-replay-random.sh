#!/bin/bash
# Random inputs through a fuzz target's replay executable, for targets the
# libFuzzer build cannot link (fuzz_cuda_translation_units needs Clang's
# libraries, which the static fuzz build leaves out). Not coverage-guided:
# the target turns bytes into a structured program, so random bytes of
# varied lengths still reach its constructs. Use the sanitizer build's
# replay (build-asan) so that memory errors and leaks end the run too.
#
#   tools/fuzz-replay-random.sh REPLAY SECONDS [JOBS] [OUT]
#
# JOBS processes (default nproc) each replay batches of 20 fresh inputs until
# SECONDS have passed; a batch whose replay fails is kept under
# OUT/failed-*/ with its log. Prints executions and CPU minutes (user +
# system of every replay process).
set -euo pipefail
replay=${1:?replay executable}; seconds=${2:?seconds}; jobs=${3:-$(nproc)}
out=${4:-$(mktemp -d /tmp/btlint-fuzz-random.XXXXXX)}
mkdir -p "$out"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
deadline=$((SECONDS + seconds))
worker() {
  local id=$1 batch=0 dir
  while [ $SECONDS -lt $deadline ]; do
    batch=$((batch + 1))
    dir=$out/w$id-b$batch
    mkdir -p "$dir"
    python3 - "$dir" <<'PY'
import os, random, sys
folder = sys.argv[1]
rng = random.Random(os.urandom(16))  # fresh inputs every run; a failed batch is kept on disk
for i in range(20):
    size = rng.choice((16, 64, 256, 1024, 4096)) + rng.randrange(64)
    with open(os.path.join(folder, f"input-{i:02d}"), "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(size)))
PY
    if "$replay" "$dir" >"$dir.log" 2>&1; then
      rm -rf "$dir" "$dir.log"
      echo 20 >>"$out/executions.$id"
    else
      mv "$dir" "$out/failed-w$id-b$batch"
      mv "$dir.log" "$out/failed-w$id-b$batch.log"
    fi
  done
}
TIMEFORMAT='%R %U %S'
{ time { for ((i = 0; i < jobs; ++i)); do worker "$i" & done; wait; }; } 2>"$out/time"
executions=$(cat "$out"/executions.* 2>/dev/null | awk '{n += $1} END {print n + 0}')
failed=$(find "$out" -maxdepth 1 -name 'failed-*.log' | wc -l)
cpu=$(awk '{printf "%.1f", ($2 + $3) / 60}' "$out/time")
echo "$(basename "$replay"): $executions inputs replayed, $failed failed batches, $cpu CPU minutes, out: $out"
