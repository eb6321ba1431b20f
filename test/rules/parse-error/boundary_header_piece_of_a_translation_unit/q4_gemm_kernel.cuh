#pragma once
// A piece of q4_gemm.cu: Q4_TILE and RowView come from it.
__global__ void q4_gemm_kernel(RowView a, float *c, int rows) {
  __shared__ float partial[Q4_TILE];
  const int row = blockIdx.x * Q4_TILE + threadIdx.x;
  partial[threadIdx.x] = row < rows ? a.at(row, 0) : 0.0f;
  __syncthreads();
  if (row < rows) c[row] = partial[threadIdx.x];
}
