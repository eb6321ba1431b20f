#include "include/transpose.h"

template <typename T>
__global__ void transposeTile(T *dst, const T *src, int rows, int cols) {
  __shared__ T tile[32][33];
  int col = blockIdx.x * 32 + threadIdx.x;
  int row = blockIdx.y * 32 + threadIdx.y;
  if (row < rows && col < cols) tile[threadIdx.y][threadIdx.x] = src[row * cols + col];
  __syncthreads();
  col = blockIdx.y * 32 + threadIdx.x;
  row = blockIdx.x * 32 + threadIdx.y;
  if (row < cols && col < rows) dst[row * rows + col] = tile[threadIdx.x][threadIdx.y];
}

template <typename T>
void launchTranspose(T *dst, const T *src, int rows, int cols, cudaStream_t stream) {
  dim3 grid(cols / 32, rows / 32);
  transposeTile<<<grid, dim3(32, 32), 0, stream>>>(dst, src, rows, cols);
}

template void launchTranspose(float *, const float *, int, int, cudaStream_t);
