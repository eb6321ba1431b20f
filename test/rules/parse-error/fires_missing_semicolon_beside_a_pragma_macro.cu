// The kernel of silent_pragma_macro_given_a_count.cu with a `;` missing at
// the end of the line before the macro: the same error Clang gives for the
// count after the pragma, but on a line where no pragma macro expands: the
// code's own, reported.
#define UNROLL #pragma unroll

__global__ void reorder_rows(const float *__restrict__ src, const int *__restrict__ order, float *__restrict__ dst,
                             int cols) {
  const int row = blockIdx.x;
  dst[row * cols] = 0.f
  UNROLL 4
  for (int c = threadIdx.x; c < cols; c += blockDim.x) dst[row * cols + c] = src[order[row] * cols + c];
}

void launch_reorder_rows(const float *src, const int *order, float *dst, int rows, int cols) {
  reorder_rows<<<rows, 128>>>(src, order, dst, cols);
}
