// The translation unit defines the tile and the view type, then includes the
// kernel body it shares with the other bit widths.
#include <cuda_runtime.h>

#define Q4_TILE 128

struct RowView {
  const float *data;
  int stride;
  __device__ float at(int row, int col) const { return data[row * stride + col]; }
};

#include "q4_gemm_kernel.cuh"

void launch_q4_gemm(const float *a, float *c, int rows, int stride, cudaStream_t stream) {
  q4_gemm_kernel<<<(rows + Q4_TILE - 1) / Q4_TILE, Q4_TILE, 0, stream>>>(RowView{a, stride}, c, rows);
}
