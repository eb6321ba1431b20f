// build-flags: -I../../utils
#include "utils.h"

// One warp per row: the header lives in kernels/utils/, which the build
// passes with -I; btlint finds it without a compile database.
__global__ void row_sum_kernel(const float *x, float *out, int n_rows, int n_cols) {
  const int row = blockIdx.x * (blockDim.x / WARP_SIZE) + threadIdx.x / WARP_SIZE;
  if (row >= n_rows) return;
  float sum = 0.0f;
  for (int col = threadIdx.x % WARP_SIZE; col < n_cols; col += WARP_SIZE) sum += x[row * n_cols + col];
  sum = warp_reduce_sum(sum);
  if (threadIdx.x % WARP_SIZE == 0) out[row] = sum;
}

void row_sum(const float *x, float *out, int n_rows, int n_cols) {
  const int rows_per_block = 4;
  row_sum_kernel<<<CEIL_DIV(n_rows, rows_per_block), rows_per_block * WARP_SIZE>>>(x, out, n_rows, n_cols);
}
