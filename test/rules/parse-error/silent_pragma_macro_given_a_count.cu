// Row kernels that unroll through a macro holding the pragma and give the
// count after it on the line: `UNROLL 4` reads as `#pragma unroll 4` once
// nvcc has preprocessed the file, which it compiles.
#define UNROLL #pragma unroll
#define NO_UNROLL #pragma unroll 1

__global__ void reorder_rows(const float *__restrict__ src, const int *__restrict__ order, float *__restrict__ dst,
                             int cols) {
  const int row = blockIdx.x;
  UNROLL 4
  for (int c = threadIdx.x; c < cols; c += blockDim.x) dst[row * cols + c] = src[order[row] * cols + c];
  NO_UNROLL
  for (int c = threadIdx.x; c < cols; c += blockDim.x) dst[row * cols + c] *= 2.f;
}

void launch_reorder_rows(const float *src, const int *order, float *dst, int rows, int cols) {
  reorder_rows<<<rows, 128>>>(src, order, dst, cols);
}
