#!/bin/bash
# On the device machine: compile the multi-dot register-spill-risk fixtures for
# sm90 and print ptxas's registers and spills per config (results.txt).
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
date -u +%FT%TZ
cd "$root/test/rules/register-spill-risk"
python3 "$root/docs/measurements/register-phases/compile_fixtures.py" \
  fires_carried_accumulators_in_one_loop.py silent_loops_one_after_another.py boundary_largest_loop_counts.py \
  fires_large_accumulator.py
