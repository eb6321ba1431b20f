#pragma once
#include <cstdio>

#define CHECK_LAUNCH()                                                          \
  do {                                                                          \
    cudaError_t status = cudaGetLastError();                                    \
    if (status != cudaSuccess) std::printf("%s\n", cudaGetErrorString(status)); \
  } while (0)
