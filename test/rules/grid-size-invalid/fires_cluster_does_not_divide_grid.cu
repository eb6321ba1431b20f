// A kernel built for clusters of two blocks, launched on three blocks; and a
// cudaLaunchKernelEx launch asking for clusters of 16 without the
// non-portable attribute.
#include <cuda_runtime.h>

__global__ void __cluster_dims__(2, 1, 1) pair_reduce(const float *x, float *y) {
  y[blockIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
}

__global__ void wide_reduce(const float *x, float *y) { y[blockIdx.x] = x[threadIdx.x]; }

void launch_pair_reduce(const float *x, float *y) { pair_reduce<<<3, 128>>>(x, y); }

void launch_wide_reduce(const float *x, float *y, cudaStream_t stream) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 16;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(32);
  config.blockDim = dim3(128);
  config.stream = stream;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, wide_reduce, x, y);
}
