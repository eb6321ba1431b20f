// btlint-test: --arch sm80,sm90
// Clusters of 8 over a grid of 16, asked for at launch: fine on sm90, where
// clusters exist; sm80 has none, so the same launch fails there. (A kernel
// with __cluster_dims__ does not even compile for sm80: nvcc and Clang both
// reject the attribute.)
#include <cuda_runtime.h>

__global__ void gather(const float *x, float *y) { y[blockIdx.x] = x[blockIdx.x]; }

void launch_gather(const float *x, float *y) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 8;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(16);
  config.blockDim = dim3(256);
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, gather, x, y);
}
