#include "registry.h"

__global__ void col_sum_kernel(const float *x, float *y, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= cols) return;
  float sum = 0.f;
  for (int r = 0; r < rows; ++r) sum += x[r * cols + col];
  y[col] = sum;
}

void launch_col_sum(const LaunchParams &params) {
  col_sum_kernel<<<(params.cols + 127) / 128, 128>>>(params.x, params.y, params.rows, params.cols);
}
