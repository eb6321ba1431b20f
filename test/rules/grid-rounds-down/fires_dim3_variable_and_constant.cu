// The grid is built in a local dim3 from a named block size; each block
// handles kRowsPerBlock rows.
constexpr int kRowsPerBlock = 4;

__global__ void rowScale(float *x, const float *scale, int rows, int cols) {
  int row = blockIdx.x * kRowsPerBlock + threadIdx.y;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) x[row * cols + c] *= scale[row];
}

void launchRowScale(float *x, const float *scale, int rows, int cols) {
  dim3 block(32, kRowsPerBlock);
  dim3 grid(rows / kRowsPerBlock);
  rowScale<<<grid, block>>>(x, scale, rows, cols);
}

// An int local converted to the grid's dim3 at the launch.
void launchRowScaleFlat(float *x, const float *scale, int rows, int cols) {
  const int blocks = rows / kRowsPerBlock;
  rowScale<<<blocks, dim3(32, kRowsPerBlock)>>>(x, scale, rows, cols);
}
