#!/bin/bash
# The device side of the boundary check (docs/btlint-bench.md): every config
# of the suite at every boundary shape of an emitted harness folder, spread
# over all visible GPUs, leaving boundary_results.json, the log and the
# manifest in OUT_DIR. Needs torch and triton there, no btlint.
# Usage: run_on_gpu.sh HARNESS_DIR OUT_DIR [run.py arguments, e.g. --jobs 8]
set -euo pipefail
harness=$1
out=$2
shift 2
py=${PYTHON:-python3}
"$py" -c "import torch, triton; assert torch.cuda.is_available(), 'no CUDA GPU visible to torch'"
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv >"$out/machine.txt"
"$py" -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" >>"$out/machine.txt"
"$py" "$harness/run.py" --boundary --gpus "$gpus" --out "$out/boundary_results.json" "$@" 2>&1 |
  tee "$out/boundary_run.log"
cp "$harness/manifest.json" "$out/"
