// `__restrict__` written on the element type rather than the pointer: nvcc
// accepts it on a type spelt through a typedef (uint32_t, half), as packed
// GEMM kernels write their shared-memory fragments, and rejects it on a
// builtin type. Only the builtin one is a parse error.
#include <cuda_fp16.h>
#include <cstdint>

#define FRAGMENT_K 16

__device__ void load_fragment(uint32_t __restrict__ registers[][4], half __restrict__ (*tile)[FRAGMENT_K], int lane) {
  registers[0][lane % 4] = reinterpret_cast<const uint32_t *>(tile[lane])[0];
}

__global__ void gemm_fragments(const half *a, uint32_t *out) {
  __shared__ half tile[32][FRAGMENT_K];
  uint32_t registers[1][4];
  tile[threadIdx.x % 32][threadIdx.x % FRAGMENT_K] = a[threadIdx.x];
  __syncthreads();
  load_fragment(registers, tile, threadIdx.x);
  out[threadIdx.x] = registers[0][threadIdx.x % 4];
}

__global__ void scale_rows(float __restrict__ *rows, float factor) { rows[threadIdx.x] *= factor; }
