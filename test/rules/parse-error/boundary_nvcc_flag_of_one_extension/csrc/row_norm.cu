// build-flags: --expt-relaxed-constexpr --expt-extended-lambda
#include "registry.h"
#include "row_scale_kernels.cuh"

__global__ void row_norm_kernel(const float *x, float *y, int cols) {
  const float *row = x + blockIdx.x * cols;
  float sum = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += row[c] * row[c];
  __shared__ float partial[256];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  const float inv = rsqrtf(partial[0] / cols + 1e-6f);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) y[blockIdx.x * cols + c] = row[c] * inv;
}

void launch_row_norm(const LaunchParams &params) {
  row_norm_kernel<<<params.rows, 256>>>(params.x, params.y, params.cols);
}

static const bool registered = [] {
  launch_registry()[0] = launch_row_norm;
  return true;
}();
