#!/bin/bash
# btlint-bench on a CUDA project whose launcher includes its kernels from a
# folder below it (test/bench-runner/cuda-layout): `--emit --all` copies the
# headers in their layout, and a header with a kernel of its own is compiled
# as CUDA (nvcc -x cu). Where nvcc is installed the two static-shared-memory
# findings must be confirmed by ptxas; without it, the copied layout is checked.
# Usage: cuda_layout.sh BTLINT_BENCH SOURCE_DIR
set -euo pipefail
bench=$1
root=$2
py=${BTLINT_PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root/test/bench-runner/cuda-layout"
"$bench" --emit "$work/emitted" --all src --arch sm90
copied=$(cd "$work/emitted/cuda" && find . -type f | sort | tr '\n' ' ')
for want in tiles/row_tile.cuh tiles/tile_config.h tiles/histogram.cuh launch.cu; do
  case " $copied" in *"/$want "*) ;; *) echo "FAIL: $want not copied in its layout: $copied"; exit 1 ;; esac
done
nvcc=${BTBENCH_NVCC:-$(command -v nvcc || true)}
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
  echo "no nvcc here: the layout was checked, not compiled"
  echo "PASS: CUDA layout copied"
  exit 0
fi
(cd / && BTBENCH_NVCC="$nvcc" env -u PYTHONPATH "$py" "$work/emitted/run.py" --compile-only --archs sm90 \
    --out "$work/emitted/results.json")
"$bench" --collect "$work/emitted" > "$work/collect.log"
confirmed=$(grep -c '"verdict": "confirmed"' "$work/emitted/report.json" || true)
if [ "$confirmed" != 2 ]; then
  echo "FAIL: expected 2 confirmed findings, got $confirmed"
  cat "$work/collect.log"
  grep -E '"(verdict|rule|evidence)"' "$work/emitted/report.json" | head -20
  exit 1
fi
echo "PASS: CUDA layout copied, header compiled as CUDA, 2 findings confirmed by ptxas"
