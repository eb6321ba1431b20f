#pragma once
#include <cuda_fp16.h>

#ifdef ENABLE_FP8
// Eight halves moved as one 16-byte word.
template <typename T, int N> struct PackType {
  T values[N];
};
#endif
