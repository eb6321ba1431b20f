#pragma once
// A helper Clang rejects in its own text (a missing semicolon).
template <typename T> __device__ T load_streaming(const T *p) {
  return *p
}
