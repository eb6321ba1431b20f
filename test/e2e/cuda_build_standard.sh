#!/bin/bash
# The C++ standard a CUDA file is parsed with, read from the project's build
# files when there is no compile database: CMake's CXX_STANDARD and
# cxx_std_NN set the standard of C++ sources only (nvcc keeps its default,
# C++17, which CUDA 13's headers need), CUDA_STANDARD sets the CUDA one; and
# `-DCMAKE_*` arguments a setup.py hands to cmake are CMake variables, not
# macros the parse lacks.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

kernel='#include <cooperative_groups.h>
#include <cuda_fp16.h>

__global__ void row_scale(const __half *x, __half *y, const float *scale, int n_cols) {
  const int row = cooperative_groups::this_thread_block().group_index().x;
  for (int col = threadIdx.x; col < n_cols; col += blockDim.x)
    y[row * n_cols + col] = __float2half(__half2float(x[row * n_cols + col]) * scale[row]);
}

void launch_row_scale(const __half *x, __half *y, const float *scale, int n_rows, int n_cols) {
  row_scale<<<n_rows, 256>>>(x, y, scale, n_cols);
}'

mkdir -p host14/csrc cuda14/csrc
printf '%s\n' "$kernel" >host14/csrc/row_scale.cu
printf '%s\n' "$kernel" >cuda14/csrc/row_scale.cu
printf 'project(rowops LANGUAGES CXX CUDA)\nset(CMAKE_CXX_STANDARD 14)\nadd_library(rowops SHARED csrc/row_scale.cu csrc/bindings.cpp)\ntarget_compile_features(rowops PRIVATE cxx_std_14)\n' >host14/CMakeLists.txt
printf 'project(rowops LANGUAGES CXX CUDA)\nset(CMAKE_CUDA_STANDARD 14)\nadd_library(rowops SHARED csrc/row_scale.cu)\n' >cuda14/CMakeLists.txt
printf 'cmake_args = ["-DCMAKE_BUILD_TYPE=Release", "-DROWOPS_FAST_MATH=ON"]\n' >cuda14/setup.py

run_btlint_in host14 --no-config --arch sm90 --select parse-error csrc/row_scale.cu
check_rc 0 "CMAKE_CXX_STANDARD 14 leaves a CUDA file at nvcc's C++17"
check_stdout_empty "no parse error where nvcc accepts the file"

run_btlint_in cuda14 --no-config --arch sm90 --select parse-error csrc/row_scale.cu
check_stdout_has "requires at least C++ 17" "CMAKE_CUDA_STANDARD 14 is the CUDA standard, as nvcc -std=c++14 reports"
check_stdout_has "ROWOPS_FAST_MATH" "a macro setup.py passes is named"
check_stdout_lacks "CMAKE_BUILD_TYPE" "a CMake variable setup.py passes is not taken for a macro"

finish
