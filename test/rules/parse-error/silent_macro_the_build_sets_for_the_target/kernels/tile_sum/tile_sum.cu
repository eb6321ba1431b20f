// build-flags: -I../../include -DTILES_HOPPER
#include "tiles.cuh"

// Built for sm_90a only (GPU := H100): the build sets TILES_HOPPER with that
// target, so kMaxSharedBytes is declared when btlint parses for sm90.
__global__ void tile_sum_kernel(const float *x, float *out, int n) {
  static_assert(kTile * sizeof(float) <= kMaxSharedBytes, "tile too large");
  __shared__ float tile[kTile];
  const int i = blockIdx.x * kTile + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int stride = kTile / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) tile[threadIdx.x] += tile[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = tile[0];
}

void tile_sum(const float *x, float *out, int n) {
  tile_sum_kernel<<<(n + kTile - 1) / kTile, kTile>>>(x, out, n);
}
