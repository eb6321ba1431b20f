// Grids at the limits, a grid known only at run time, a cluster that
// divides its grid, and a cluster of 16 after the non-portable opt-in.
#include <cuda_runtime.h>

__global__ void rows(float *y) { y[blockIdx.y * gridDim.x + blockIdx.x] = 0.0f; }
__global__ void __cluster_dims__(2, 2, 1) tiles(float *y) { y[blockIdx.x] = 1.0f; }
__global__ void wide(float *y) { y[blockIdx.x] = 1.0f; }

void launch_rows(float *y, int n) {
  rows<<<dim3(1, 65535, 1), 32>>>(y);
  rows<<<dim3(1, 1, 65535), 32>>>(y);
  rows<<<dim3(2147483647u, 1, 1), 32>>>(y);
  rows<<<dim3(n, n), 32>>>(y);
  tiles<<<dim3(8, 4), 128>>>(y);
}

void launch_wide(float *y) {
  cudaFuncSetAttribute(wide, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 16;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(32);
  config.blockDim = dim3(128);
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, wide, y);
}
