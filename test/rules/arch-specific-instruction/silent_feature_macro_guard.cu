// btlint-test: --arch sm90,sm90a
// The same helper kept under the feature macro nvcc and Clang define only for
// sm_90a: plain sm_90 never sees the instruction, sm_90a accepts it.
#include <cuda_runtime.h>

__device__ __forceinline__ void warpgroup_fence() {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}

__global__ void hopper_gemm(const float *a, float *c) {
  warpgroup_fence();
  c[threadIdx.x] = a[threadIdx.x];
}

void launch_hopper_gemm(const float *a, float *c) { hopper_gemm<<<1, 128>>>(a, c); }
