// ptxas-agreement: sm90a
// The wgmma helpers of a Hopper GEMM, guarded by __CUDA_ARCH__ >= 900 only;
// bench.py beside it builds this folder for sm_90a when it runs.
#include <cuda_runtime.h>

__device__ __forceinline__ void warpgroup_fence() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}

__device__ __forceinline__ void warpgroup_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#endif
}

__global__ void hopper_gemm(const float *a, float *c) {
  __shared__ float tile[128];
  tile[threadIdx.x] = a[threadIdx.x];
  warpgroup_fence();
  warpgroup_commit();
  __syncthreads();
  c[threadIdx.x] = tile[127 - threadIdx.x];
}

void launch_hopper_gemm(const float *a, float *c) { hopper_gemm<<<1, 128>>>(a, c); }
