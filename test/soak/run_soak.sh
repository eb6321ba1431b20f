#!/bin/bash
# Soak test: lints generated Triton kernels whose findings are known by
# construction (gen_soak.py) and requires btlint's JSON findings to equal them.
#   run_soak.sh BTLINT SOURCE_DIR [FILES] [SEED] [ARCH]   (ARCH sm80 or sm90)
set -euo pipefail
btlint=$(realpath "$1")
source_dir=$(realpath "$2")
files=${3:-300}
seed=${4:-1}
arch=${5:-sm90}
major=${arch#sm}
major=${major%?}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/btlint-soak.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
python3 "$source_dir/test/soak/gen_soak.py" "$scratch/kernels" "$files" "$seed" "$major" >/dev/null
rules=tile-not-power-of-two,num-warps-invalid,config-unknown-param,duplicate-config,autotune-key-unknown-arg,too-few-configs
# parse-error and analysis-limit stay on: a generated file must parse and evaluate.
status=0
(cd "$scratch/kernels" && "$btlint" --arch "$arch" --select "$rules,parse-error,analysis-limit" --format json .) \
  >"$scratch/findings.json" || status=$?
if [ "$status" -gt 1 ]; then
  echo "FAIL - btlint exited with $status"
  exit 1
fi
python3 "$source_dir/test/soak/check_soak.py" "$scratch/kernels" "$scratch/findings.json"
