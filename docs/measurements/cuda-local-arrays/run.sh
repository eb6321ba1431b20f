#!/bin/bash
# On the device machine: ptxas -v for the CUDA register-spill-risk fixtures
# about per-thread arrays (registers, spill stores/loads, stack frame).
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nvcc --version | tail -2
cd "$root/test/rules/register-spill-risk"
for f in fires_cuda_array_indexed_at_run_time.cu silent_cuda_arrays_of_consecutive_loops.cu boundary_cuda_at_255_registers.cu; do
  echo "== $f"
  nvcc -arch=sm_90 -c -o /dev/null -Xptxas -v "$f" 2>&1 | grep -E "Compiling entry|registers|spill|stack frame" || true
done
