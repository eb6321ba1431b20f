#include <cuda_runtime.h>

#include "block_copy.cuh"

void copy(const float *in, float *out, int n, cudaStream_t stream) {
  block_copy<float><<<(n + 255) / 256, 256, 0, stream>>>(in, out, n);
}
