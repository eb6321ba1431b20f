// btlint-test: --arch sm90a,sm100a
// ptxas-agreement: sm90a
// setmaxnreg is accepted by both arch-specific targets; tcgen05 only by
// sm_100a, and its guard hides it from sm_90a; wgmma under >= 900 reaches
// sm_100a, which rejects it.
#include <cuda_runtime.h>

template <int REGS>
__device__ __forceinline__ void raise_registers() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(REGS));
}

__global__ void warp_specialized(float *out) {
  raise_registers<240>();
#if __CUDA_ARCH__ >= 1000
  asm volatile("tcgen05.fence::before_thread_sync;\n" ::: "memory");
#elif __CUDA_ARCH__ >= 900
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
#if __CUDA_ARCH__ >= 900
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#endif
  out[threadIdx.x] = 1.0f;
}

void launch_warp_specialized(float *out) { warp_specialized<<<1, 128>>>(out); }
