// One instantiation unit of a family of GEMM tiles, as build scripts
// generate them: the shared code sits one folder up.
#include "../fragments/epilogue.cuh"

__global__ void gemm_unit_128(half *out, const float *partial) {
  float acc[4];
#pragma unroll
  for (int i = 0; i < 4; ++i) acc[i] = partial[threadIdx.x * 4 + i];
  store_fragment(out, acc);
}
