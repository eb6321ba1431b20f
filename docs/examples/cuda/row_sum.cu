// Sum of each row of a [rows, 2048] matrix: one block per row, one thread per
// element, then a shared-memory tree reduction.
//
// Planted mistake (docs/examples/README.md): "one thread per element" makes
// the block 2048 threads wide. A block holds at most 1024 threads on every
// NVIDIA GPU, so the launch fails with "invalid configuration argument".
#include <cuda_runtime.h>

constexpr int kRowWidth = 2048;

__global__ void row_sum(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float partial[kRowWidth];
  const int row = blockIdx.x;
  partial[threadIdx.x] = in[row * kRowWidth + threadIdx.x];
  __syncthreads();
  for (int stride = kRowWidth / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[row] = partial[0];
}

void launch_row_sum(const float* in, float* out, int rows, cudaStream_t stream) {
  row_sum<<<rows, kRowWidth, 0, stream>>>(in, out);
}
