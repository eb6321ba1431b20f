#!/usr/bin/env bash
# Speed and memory of btlint's Python analysis, in one run on the same files:
#   (a) tree-sitter parsing alone (test/bench/bench_parse.cpp, the grammar btlint links),
#   (b) btlint's whole analysis (front-end, evaluator, all rules), single-threaded (-j1),
#       and the same with tree-sitter as its only parser (BTLINT_PYTHON_PARSER=tree-sitter;
#       btlint otherwise reads well-formed files with its own parser, lib/syntax/DirectParser.h),
#   (c) `ruff check` (PyPI) with the same number of threads (RAYON_NUM_THREADS=1),
# and btlint's peak memory (/usr/bin/time -f %M) on the same files.
# Prints the ratios whole/parse (target <= 1.3; also against the parse with the
# allocator btlint links, tcmalloc or mimalloc, where it links one), btlint/ruff (target < 1), peak MB (< 200),
# from wall time and from processor time (user+sys): on a shared, loaded machine the
# wall time of a single-threaded run mostly measures the scheduler, the processor
# time what the program did.
#
# Usage: test/bench/bench_python_analysis.sh [--generated N | --ext DIR...] [--repeats R] [--rounds K]
#   --rounds K     also K rounds in which the parse, the parse with btlint's allocator,
#                  btlint and ruff run back to back in rotating order; prints the median
#                  of the per-round processor-time ratios, which a VM whose speed swings
#                  between runs (this project's 2-core VM: by up to half) moves least
#   --generated N  (default, N=2000) files written by test/bench/gen_kernels.py (CI: no /work/ext needed)
#   --ext DIR...   the Python files under DIR... that mention triton, copied to a temp dir
# Environment: BTLINT (binary, default build/btlint), BENCH_PARSE (bench_parse binary;
#   built with c++ against build/libtree_sitter_python.a when absent), RUFF (default
#   .venv/bin/ruff, else ruff on PATH), PYTHON (default python3).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
btlint="${BTLINT:-$root/build/btlint}"
ruff="${RUFF:-$root/.venv/bin/ruff}"
[[ -x "$ruff" ]] || ruff="$(command -v ruff || true)"
python="${PYTHON:-python3}"
mode=generated count=2000 repeats=3 rounds=0 dirs=()
while (($#)); do
  case "$1" in
    --generated) mode=generated; count="${2:-2000}"; shift 2 ;;
    --ext) mode=ext; shift; while (($#)) && [[ "$1" != --* ]]; do dirs+=("$1"); shift; done ;;
    --repeats) repeats="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -x "$btlint" ]] || { echo "no btlint at $btlint" >&2; exit 2; }
[[ -n "$ruff" ]] || { echo "no ruff (pip install -r test/requirements.txt)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
files="$work/files"
mkdir -p "$work/src"
if [[ $mode == generated ]]; then
  "$python" "$root/test/bench/gen_kernels.py" "$work/src" "$count"
else
  i=0
  while IFS= read -r f; do
    i=$((i + 1)); cp "$f" "$work/src/$(printf '%05d' $i)_$(basename "$f")"
  done < <(for d in "${dirs[@]}"; do grep -rl --include='*.py' -E '^\s*(import triton|from triton)' "$d"; done | sort)
fi
find "$work/src" -name '*.py' | sort > "$files"
nfiles=$(wc -l < "$files")

parse_bin="${BENCH_PARSE:-}"
if [[ -z "$parse_bin" ]]; then
  for cand in "$root/build/test/bench_parse" "$root/build/bench_parse"; do
    [[ -x "$cand" ]] && parse_bin="$cand" && break
  done
fi
if [[ -z "$parse_bin" ]]; then
  parse_bin="$work/bench_parse"
  c++ -O2 -std=c++20 "$root/test/bench/bench_parse.cpp" "$root/build/libtree_sitter_python.a" \
    $(pkg-config --cflags --libs tree-sitter) -o "$parse_bin"
fi

# Best of $repeats runs of a command: "WALL CPU" in seconds (CPU = user + sys).
best() {
  local b=999999 c=999999 t s e u
  for ((r = 0; r < repeats; r++)); do
    s=$(date +%s.%N); /usr/bin/time -o "$work/cpu" -f '%U %S' "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l); b=$(echo "if ($t < $b) $t else $b" | bc -l)
    u=$(awk 'END {print $1 + $2}' "$work/cpu"); c=$(echo "if ($u < $c) $u else $c" | bc -l)
  done
  printf '%.3f %.3f\n' "$b" "$c"
}

cd "$work/src"
"$parse_bin" "$files" 1 >/dev/null   # warm the page cache
parse_out="$("$parse_bin" "$files" "$repeats")"
parse=$(awk '/^read_parse_seconds/ {printf "%.3f", $2}' <<<"$parse_out")
parse_cpu=$(awk '/^read_parse_cpu_seconds/ {printf "%.3f", $2}' <<<"$parse_out")
[[ -n "$parse_cpu" ]] || parse_cpu=$parse
# btlint links tcmalloc or mimalloc where one is installed (CMakeLists.txt);
# the same parse with that allocator shows how much of the ratio is the allocator's.
allocator_lib=$(ldd "$btlint" 2>/dev/null | awk '/libtcmalloc|libmimalloc/ {print $3; exit}')
if [[ -n "$allocator_lib" ]]; then
  parse_alloc_out="$(LD_PRELOAD="$allocator_lib" "$parse_bin" "$files" "$repeats")"
  parse_alloc=$(awk '/^read_parse_seconds/ {printf "%.3f", $2}' <<<"$parse_alloc_out")
  parse_alloc_cpu=$(awk '/^read_parse_cpu_seconds/ {printf "%.3f", $2}' <<<"$parse_alloc_out")
fi
read -r whole whole_cpu < <(best "$btlint" --no-config --arch sm90 -j1 --format json --output "$work/out.json" .)
read -r whole_ts whole_ts_cpu < <(BTLINT_PYTHON_PARSER=tree-sitter best "$btlint" --no-config --arch sm90 -j1 --format json --output "$work/out_ts.json" .)
read -r ruff_t ruff_cpu < <(RAYON_NUM_THREADS=1 best "$ruff" check --no-cache --isolated --quiet .)
# Peak resident set size in KB of one run.
peak() {
  /usr/bin/time -o "$work/time" -f '%M' "$@" >/dev/null 2>&1 || true
  tail -1 "$work/time"
}
peak_kb=$(peak "$btlint" --no-config --arch sm90 -j1 --format json --output "$work/out.json" .)
peak_kb_all=$(peak "$btlint" --no-config --arch sm90 --format json --output "$work/out.json" .)
rc=0; "$btlint" --no-config --arch sm90 -j1 --format json --output "$work/out.json" . >/dev/null 2>&1 || rc=$?
status="ok"; ((rc > 1)) && status="btlint exited $rc (crash?)"

printf 'files                    %d (%s)\n' "$nfiles" "$mode"
printf 'load average             %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'tree-sitter parse alone  %ss wall, %ss cpu (read+parse, best of %d)\n' "$parse" "$parse_cpu" "$repeats"
[[ -n "$allocator_lib" ]] &&
  printf 'same parse, %-13s %ss wall, %ss cpu (the allocator btlint links)\n' "$(basename "${allocator_lib%%.so*}")" "$parse_alloc" "$parse_alloc_cpu"
printf 'btlint whole, -j1        %ss wall, %ss cpu  [%s]\n' "$whole" "$whole_cpu" "$status"
same_output=no; cmp -s "$work/out.json" "$work/out_ts.json" && same_output=yes
printf 'same, tree-sitter only   %ss wall, %ss cpu (BTLINT_PYTHON_PARSER=tree-sitter; identical findings: %s)\n' \
  "$whole_ts" "$whole_ts_cpu" "$same_output"
printf 'ruff check, 1 thread     %ss wall, %ss cpu (%s)\n' "$ruff_t" "$ruff_cpu" "$("$ruff" --version)"
printf 'btlint peak RSS -j1      %.1f MB; all threads %.1f MB\n' "$(echo "$peak_kb/1024" | bc -l)" "$(echo "$peak_kb_all/1024" | bc -l)"
printf 'RATIO whole/parse   %.2f wall, %.2f cpu (target <= 1.3)\n' "$(echo "$whole/$parse" | bc -l)" "$(echo "$whole_cpu/$parse_cpu" | bc -l)"
[[ -n "$allocator_lib" ]] &&
  printf 'RATIO whole/parse with the same allocator   %.2f wall, %.2f cpu\n' \
    "$(echo "$whole/$parse_alloc" | bc -l)" "$(echo "$whole_cpu/$parse_alloc_cpu" | bc -l)"
printf 'RATIO btlint/ruff   %.2f wall, %.2f cpu (target < 1)\n' "$(echo "$whole/$ruff_t" | bc -l)" "$(echo "$whole_cpu/$ruff_cpu" | bc -l)"
printf 'PEAK MB             %.1f (target < 200)\n' "$(echo "$peak_kb/1024" | bc -l)"

if ((rounds > 0)); then
  "$python" - "$rounds" "$parse_bin" "$files" "${allocator_lib:-}" "$btlint" "$ruff" <<'EOF'
import os, statistics, sys
rounds, parse_bin, files, allocator, btlint, ruff = int(sys.argv[1]), *sys.argv[2:]
def cpu(args, env=None):
    null = os.open(os.devnull, os.O_WRONLY)
    pid = os.posix_spawn(args[0], args, env or os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
    os.close(null)
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime
commands = {
    "parse": ([parse_bin, files, "1"], None),
    "btlint": ([btlint, "--no-config", "--arch", "sm90", "-j1", "--format", "json", "."], None),
    "ruff": ([ruff, "check", "--no-cache", "--isolated", "--quiet", "."], dict(os.environ, RAYON_NUM_THREADS="1")),
}
if allocator:
    commands["parse_same_allocator"] = ([parse_bin, files, "1"], dict(os.environ, LD_PRELOAD=allocator))
names = list(commands)
times = {name: [] for name in names}
for r in range(rounds):
    order = names[r % len(names):] + names[:r % len(names)]
    for name in order:
        args, env = commands[name]
        times[name].append(cpu(args, env))
def median_ratio(a, b):
    return statistics.median(x / y for x, y in zip(times[a], times[b]))
print(f"rounds: {rounds}; median processor time per round: " +
      ", ".join(f"{n} {statistics.median(times[n]):.3f} s" for n in names))
print(f"ROUNDS whole/parse   median {median_ratio('btlint', 'parse'):.2f} (target <= 1.3)")
if allocator:
    print(f"ROUNDS whole/parse with the same allocator   median {median_ratio('btlint', 'parse_same_allocator'):.2f}")
print(f"ROUNDS btlint/ruff   median {median_ratio('btlint', 'ruff'):.2f} (target < 1)")
EOF
fi
