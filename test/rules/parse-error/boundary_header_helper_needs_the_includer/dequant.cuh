#pragma once
#include "pack_utils.cuh"

__global__ void dequant_sum(const Packed4 *in, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = unpack_sum(in[i]);
}
