#pragma once
#include <unordered_map>

// A header of the extension built with --expt-extended-lambda: linted as a
// piece of row_norm.cu, it gets the same flags.
using ScaleHook = std::function<float(int)>;

__global__ void row_scale_kernel(const float *x, float *y, float scale, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cols) y[c] = x[c] * scale;
}
