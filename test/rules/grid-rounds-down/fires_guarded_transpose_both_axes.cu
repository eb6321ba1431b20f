// A tiled transpose whose kernel guards partial tiles, launched on a grid
// that never starts them: both extents round down.
template <typename T>
__global__ void transpose32(T *dst, const T *src, int rows, int cols) {
  __shared__ T tile[32][33];
  int col = blockIdx.x * 32 + threadIdx.x;
  int row = blockIdx.y * 32 + threadIdx.y;
  if (row < rows && col < cols) tile[threadIdx.y][threadIdx.x] = src[row * cols + col];
  __syncthreads();
  col = blockIdx.y * 32 + threadIdx.x;
  row = blockIdx.x * 32 + threadIdx.y;
  if (row < cols && col < rows) dst[row * rows + col] = tile[threadIdx.x][threadIdx.y];
}

void launchTranspose(float *dst, const float *src, int rows, int cols, cudaStream_t stream) {
  dim3 grid(cols / 32, rows / 32);
  transpose32<float><<<grid, dim3(32, 32), 0, stream>>>(dst, src, rows, cols);
}
