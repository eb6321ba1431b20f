#!/bin/bash
# On the device machine: build cooperative_grid.cu for sm_90 and run it.
set -eu
cd "$(dirname "$0")"
nvcc -arch=sm_90 -o /tmp/cooperative_grid cooperative_grid.cu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nvcc --version | tail -2
/tmp/cooperative_grid
