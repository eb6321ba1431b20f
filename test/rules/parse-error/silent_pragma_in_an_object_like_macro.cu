// Copy kernels that pick their unrolling with a macro holding the pragma:
// `#define UNROLL_OUTER #pragma unroll 1` before a loop. nvcc preprocesses to
// a file and reads it again, where the expansion begins a line and is a
// pragma; the file builds, so it is no parse error.
#include <cstdint>

#define UNROLL_OUTER #pragma unroll 1
#define UNROLL_INNER #pragma unroll

constexpr int kChunk = 8;

__global__ void gather_rows(const int4 *__restrict__ src, const int64_t *__restrict__ rows, int4 *__restrict__ dst,
                            int row_chunks, int n_rows) {
  __shared__ int4 staged[256];
  UNROLL_OUTER
  for (int r = blockIdx.x; r < n_rows; r += gridDim.x) {
    const int4 *from = src + rows[r] * row_chunks;
    UNROLL_INNER
    for (int c = 0; c < kChunk; ++c) {
      const int i = threadIdx.x + c * blockDim.x;
      if (i < row_chunks && threadIdx.x < 256) staged[threadIdx.x] = from[i];
      __syncthreads();
      if (i < row_chunks && threadIdx.x < 256) dst[r * row_chunks + i] = staged[threadIdx.x];
      __syncthreads();
    }
  }
}

void launch_gather_rows(const int4 *src, const int64_t *rows, int4 *dst, int row_chunks, int n_rows) {
  gather_rows<<<132, 256>>>(src, rows, dst, row_chunks, n_rows);
}
