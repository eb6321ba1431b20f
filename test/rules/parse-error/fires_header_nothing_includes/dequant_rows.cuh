#pragma once
// Uses a tile size and a vector type that nothing in the project defines:
// no file includes this header, so its errors are its own.
__global__ void dequant_rows(const unsigned char *q, half2 *out, int n) {
  __shared__ half2 staged[QK_TILE];
  const int i = blockIdx.x * QK_TILE + threadIdx.x;
  if (i < n) staged[threadIdx.x] = out[i];
  __syncthreads();
  if (i < n) out[i] = staged[QK_TILE - 1 - threadIdx.x];
}
