#!/bin/bash
# On the device machine: build launch_limits.cu for sm_90 and run it.
set -eu
cd "$(dirname "$0")"
nvcc -arch=sm_90 -o /tmp/launch_limits launch_limits.cu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nvcc --version | tail -2
/tmp/launch_limits
