#!/bin/bash
# The device side of btlint tune's verification (docs/tune.md): times every
# config of the suite on every shape in an emitted harness folder, spreading
# the configs over all visible GPUs, and leaves tune_results.json and the
# manifest in OUT_DIR. Needs torch and triton there, no btlint.
# Usage: run_on_gpu.sh HARNESS_DIR OUT_DIR [run.py arguments, e.g. --kernels k3,k4]
set -euo pipefail
harness=$1
out=$2
shift 2
py=${PYTHON:-python3}
"$py" -c "import torch, triton; assert torch.cuda.is_available(), 'no CUDA GPU visible to torch'"
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv >"$out/machine.txt"
"$py" -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" >>"$out/machine.txt"
"$py" "$harness/run.py" --tune --gpus "$gpus" --out "$out/tune_results.json" "$@" 2>&1 | tee "$out/tune_run.log"
cp "$harness/manifest.json" "$out/"
