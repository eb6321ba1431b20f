// A row softmax kernel, its launcher, and a dispatcher that opts in to
// exactly the bytes the launcher then launches with.
#pragma once
#include <cuda_runtime.h>

template <int COLS>
__global__ void row_softmax(const float *x, float *y, int rows) {
  extern __shared__ float row[];
  const int r = blockIdx.x;
  for (int c = threadIdx.x; c < COLS; c += blockDim.x) row[c] = x[r * COLS + c];
  __syncthreads();
  float peak = row[0];
  for (int c = 1; c < COLS; ++c) peak = fmaxf(peak, row[c]);
  for (int c = threadIdx.x; c < COLS; c += blockDim.x) y[r * COLS + c] = __expf(row[c] - peak);
}

template <int COLS>
constexpr size_t softmax_smem_bytes() { return COLS * sizeof(float); }

template <int COLS>
void launch_row_softmax(const float *x, float *y, int rows, cudaStream_t stream) {
  row_softmax<COLS><<<rows, 256, softmax_smem_bytes<COLS>(), stream>>>(x, y, rows);
}

template <int COLS>
void dispatch_row_softmax(const float *x, float *y, int rows, cudaStream_t stream) {
  cudaFuncSetAttribute(row_softmax<COLS>, cudaFuncAttributeMaxDynamicSharedMemorySize, softmax_smem_bytes<COLS>());
  launch_row_softmax<COLS>(x, y, rows, stream);
}
