#include "scale.cuh"

void scale(float *x, float factor, int n, cudaStream_t stream) {
  scale_kernel<<<(n + kScaleTile - 1) / kScaleTile, kScaleTile, 0, stream>>>(x, factor, n);
}
