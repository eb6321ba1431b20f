// An attention launcher that puts batch x heads on grid y: 64 x 1024 = 65536
// blocks along y, one more than CUDA allows.
#include <cuda_runtime.h>

constexpr int kBatch = 64;
constexpr int kHeads = 1024;

__global__ void attention_rows(const float *q, float *o, int seq_len) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int bh = blockIdx.y;
  if (row < seq_len) o[bh * seq_len + row] = q[bh * seq_len + row];
}

void launch_attention(const float *q, float *o, int seq_len) {
  dim3 grid(4, kBatch * kHeads);
  attention_rows<<<grid, 256>>>(q, o, seq_len);
}
