#pragma once
// Uses WARPSIZE from warp_tiling.cuh, which kernels.cuh includes first.
__global__ void double_buffered_copy_kernel(const float *x, float *out, int n) {
  const unsigned warp = threadIdx.x / WARPSIZE;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + static_cast<float>(warp);
}
