#pragma once
#include "packed_types.h"

// Squares and sums one row, eight halves at a time; the host wrapper in
// row_norm.cu launches it.
template <int BLOCK>
__global__ void row_sum_of_squares(const PackType<__half, 8> *__restrict__ rows, float *__restrict__ out, int packs) {
  __shared__ float partial[BLOCK];
  const PackType<__half, 8> *row = rows + blockIdx.x * packs;
  float sum = 0.f;
  for (int i = threadIdx.x; i < packs; i += BLOCK)
    for (int j = 0; j < 8; ++j) {
      const float v = __half2float(row[i].values[j]);
      sum += v * v;
    }
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}
