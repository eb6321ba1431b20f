#!/usr/bin/env bash
# One file of a large project linted alone, as pre-commit and editors pass it:
# btlint reads the project modules the file imports from disk, with no cache
# between runs (every run is cold). The project is N generated kernel files
# (test/bench/gen_kernels.py) made a package whose every file also imports an
# autotune list from a sibling module. Prints, for F files picked across the
# project, btlint's median wall time per file (target <= 20 ms), the same for
# `ruff check` on the same file (the baseline, measured in the same run) and
# their ratio, and btlint's peak memory on one file.
#
# Usage: test/bench/bench_single_file.sh [--generated N] [--files F] [--repeats R]
# Environment: BTLINT (default build/btlint), RUFF (default .venv/bin/ruff, else
#   ruff on PATH), PYTHON (default python3).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
btlint="${BTLINT:-$root/build/btlint}"
ruff="${RUFF:-$root/.venv/bin/ruff}"
[[ -x "$ruff" ]] || ruff="$(command -v ruff || true)"
python="${PYTHON:-python3}"
count=2000 picked=20 repeats=5
while (($#)); do
  case "$1" in
    --generated) count="$2"; shift 2 ;;
    --files) picked="$2"; shift 2 ;;
    --repeats) repeats="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -x "$btlint" ]] || { echo "no btlint at $btlint" >&2; exit 2; }
[[ -n "$ruff" ]] || { echo "no ruff (pip install -r test/requirements.txt)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pkg="$work/project/kernels"
mkdir -p "$pkg"
"$python" "$root/test/bench/gen_kernels.py" "$pkg" "$count" >/dev/null
touch "$work/project/kernels/__init__.py"
cat > "$pkg/tuning.py" <<'EOF'
import triton


def shared_configs():
    return [triton.Config({"BLOCK": b}, num_warps=w) for b in (256, 512, 1024) for w in (4, 8)]
EOF
# Each kernel file also tunes a kernel with the sibling module's list.
for f in "$pkg"/*.py; do
  case "$(basename "$f")" in __init__.py|tuning.py) continue ;; esac
  cat >> "$f" <<'EOF'


from .tuning import shared_configs


@triton.autotune(configs=shared_configs(), key=["n"])
@triton.jit
def _scaled_copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
EOF
done
mapfile -t all < <(find "$pkg" -name '*.py' ! -name '__init__.py' ! -name 'tuning.py' | sort)
step=$(( ${#all[@]} / picked )); ((step > 0)) || step=1
files=()
for ((i = 0; i < ${#all[@]} && ${#files[@]} < picked; i += step)); do files+=("${all[$i]}"); done

# Check the import is read: the sibling list must be read whole.
first="${files[0]}"
if (cd "$work/project" && "$btlint" --arch sm90 --select config-list-unresolved "${first#$work/project/}") | grep -q config-list-unresolved; then
  echo "the sibling module's list was not read from disk" >&2; exit 1
fi

# Median over files of the best of R runs, in milliseconds.
median_ms() {
  "$python" - "$repeats" "$@" <<'PY'
import statistics, subprocess, sys, time
repeats, cmd, files = int(sys.argv[1]), sys.argv[2:sys.argv.index("--")], sys.argv[sys.argv.index("--") + 1:]
per_file = []
for f in files:
    best = None
    for _ in range(repeats):
        t = time.perf_counter()
        subprocess.run(cmd + [f], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t = time.perf_counter() - t
        best = t if best is None else min(best, t)
    per_file.append(best * 1000)
print(f"{statistics.median(per_file):.1f}")
PY
}
cd "$work/project"
rel=("${files[@]#$work/project/}")
bt=$(median_ms "$btlint" --arch sm90 --no-config -- "${rel[@]}")
rf=$(median_ms "$ruff" check --no-cache --quiet -- "${rel[@]}")
peak=$( (/usr/bin/time -f %M "$btlint" --arch sm90 --no-config "${rel[0]}" 2>&1 >/dev/null || true) | tail -1)
printf 'project: %d generated kernel files in one package; %d files linted alone, best of %d runs each\n' \
  "${#all[@]}" "${#files[@]}" "$repeats"
printf 'btlint one file     %6s ms median wall (target <= 20 ms): ratio to target %s\n' "$bt" \
  "$("$python" -c "print(f'{$bt/20:.2f}')")"
printf 'ruff check one file %6s ms median wall\n' "$rf"
printf 'btlint/ruff         %s\n' "$("$python" -c "print(f'{$bt/$rf:.2f}')")"
printf 'btlint peak         %s MB\n' "$("$python" -c "print(f'{$peak/1024:.1f}')")"
