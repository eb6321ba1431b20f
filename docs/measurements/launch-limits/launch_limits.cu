// Which grids and clusters a launch accepts, measured on the GPU: each line
// prints the launch and the error the runtime returns. Built and run by
// run.sh on the device machine; results.txt is its output.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void touch(int *out) {
  if (threadIdx.x == 0 && blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0) out[0] = 1;
}

__global__ void __cluster_dims__(2, 1, 1) touch_cluster2(int *out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = 1;
}

static void report(const char *what, cudaError_t launched) {
  cudaError_t synced = cudaDeviceSynchronize();
  cudaError_t error = launched != cudaSuccess ? launched : synced;
  std::printf("%-58s %s\n", what, error == cudaSuccess ? "ok" : cudaGetErrorName(error));
  cudaGetLastError();
}

static cudaError_t launchCluster(dim3 grid, unsigned cluster, bool nonPortable, int *out) {
  if (nonPortable) cudaFuncSetAttribute(touch, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  else cudaFuncSetAttribute(touch, cudaFuncAttributeNonPortableClusterSizeAllowed, 0);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = cluster;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = grid;
  config.blockDim = dim3(128);
  config.attrs = attribute;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, touch, out);
}

int main() {
  int *out = nullptr;
  cudaMalloc(&out, sizeof(int));
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("device %s, sm_%d%d, maxGridSize %d x %d x %d\n", prop.name, prop.major, prop.minor,
              prop.maxGridSize[0], prop.maxGridSize[1], prop.maxGridSize[2]);
  touch<<<dim3(1, 65535, 1), 32>>>(out);
  report("<<<dim3(1, 65535, 1), 32>>>", cudaGetLastError());
  touch<<<dim3(1, 65536, 1), 32>>>(out);
  report("<<<dim3(1, 65536, 1), 32>>>", cudaGetLastError());
  touch<<<dim3(1, 1, 65535), 32>>>(out);
  report("<<<dim3(1, 1, 65535), 32>>>", cudaGetLastError());
  touch<<<dim3(1, 1, 65536), 32>>>(out);
  report("<<<dim3(1, 1, 65536), 32>>>", cudaGetLastError());
  touch<<<dim3(2147483648u, 1, 1), 32>>>(out);
  report("<<<dim3(2147483648, 1, 1), 32>>>", cudaGetLastError());
  touch<<<dim3(0, 1, 1), 32>>>(out);
  report("<<<dim3(0, 1, 1), 32>>>", cudaGetLastError());
  touch_cluster2<<<4, 128>>>(out);
  report("__cluster_dims__(2,1,1) <<<4, 128>>>", cudaGetLastError());
  touch_cluster2<<<3, 128>>>(out);
  report("__cluster_dims__(2,1,1) <<<3, 128>>>", cudaGetLastError());
  report("cudaLaunchKernelEx grid 16 cluster 8", launchCluster(dim3(16), 8, false, out));
  report("cudaLaunchKernelEx grid 16 cluster 16", launchCluster(dim3(16), 16, false, out));
  report("cudaLaunchKernelEx grid 16 cluster 16 non-portable allowed", launchCluster(dim3(16), 16, true, out));
  report("cudaLaunchKernelEx grid 32 cluster 32 non-portable allowed", launchCluster(dim3(32), 32, true, out));
  report("cudaLaunchKernelEx grid 12 cluster 8", launchCluster(dim3(12), 8, false, out));
  report("cudaLaunchKernelEx grid 6 cluster 3", launchCluster(dim3(6), 3, false, out));
  report("cudaLaunchKernelEx grid 7 cluster 3", launchCluster(dim3(7), 3, false, out));
  return 0;
}
