#!/bin/bash
# btlint-bench's CUDA launches without a GPU: emit the harness for recorded
# findings on the purpose-written SGEMM (test/bench-runner/kernels/
# sgemm_tiles.cu) and the CUDA examples, with the bench specs of
# test/bench-runner/cuda/.btlint.yaml; write the drivers and the launch plan
# (`run.py --cuda-plan`: the launch checks and timed launches, with grid, block,
# dynamic shared memory and arguments evaluated) and compare them with
# test/bench-runner/cuda/golden/. Where nvcc is installed, the SGEMM driver must
# also compile. UPDATE_GOLDEN=1 rewrites the golden.
# Usage: cuda_launch.sh BTLINT_BENCH SOURCE_DIR
set -euo pipefail
# BTLINT_BENCH_UNDER_TEST: the installed command instead (test/wheel/installed.sh).
bench=${BTLINT_BENCH_UNDER_TEST:-$1}
root=$2
py=${BTLINT_PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
"$bench" --emit "$work/emitted" --findings test/bench-runner/cuda/findings.json \
    --config test/bench-runner/cuda/.btlint.yaml
mv "$work/emitted" "$work/moved" # self-contained: nothing points back into the tree
(cd / && env -u PYTHONPATH "$py" "$work/moved/run.py" --cuda-plan)
"$py" test/bench-runner/check_golden.py "$work/moved" test/bench-runner/cuda/golden
nvcc=${BTBENCH_NVCC:-$(command -v nvcc || true)}
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -n "$nvcc" ]; then
  driver=$(grep -l sgemm_tiles "$work/moved"/cuda_drivers/*.cu)
  "$nvcc" -std=c++17 -O0 -arch=sm_90 -o "$work/sgemm_driver" "$driver"
  echo "nvcc compiled $(basename "$driver")"
else
  echo "no nvcc here: the drivers were compared with the golden, not compiled"
fi
echo "PASS: CUDA launch drivers and plan"
