// Tiled matrix transpose through shared memory: each block stages a
// kTile x kTile tile so that both the global read and the global write are
// coalesced.
//
// Planted mistake (docs/examples/README.md): kTile was raised from 64 to 128
// "for fewer blocks", making the static __shared__ tile 128 * 128 * 4 bytes =
// 64 KiB. Static shared memory is limited to 48 KiB per block; ptxas rejects
// the kernel ("uses too much shared data").
#include <cuda_runtime.h>

constexpr int kTile = 128;
constexpr int kRowsPerPass = 8;

__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile][kTile];

  const int in_col = blockIdx.x * kTile + threadIdx.x;
  for (int r = threadIdx.y; r < kTile; r += kRowsPerPass) {
    const int in_row = blockIdx.y * kTile + r;
    if (in_row < rows && in_col < cols) tile[r][threadIdx.x] = in[in_row * cols + in_col];
  }
  __syncthreads();

  const int out_col = blockIdx.y * kTile + threadIdx.x;
  for (int r = threadIdx.y; r < kTile; r += kRowsPerPass) {
    const int out_row = blockIdx.x * kTile + r;
    if (out_row < cols && out_col < rows) out[out_row * rows + out_col] = tile[threadIdx.x][r];
  }
}

void launch_transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  const dim3 block(kTile, kRowsPerPass);
  const dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
