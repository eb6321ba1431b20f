#pragma once
#include "tile_config.h"

// Stages kStageRows rows of COLS floats per block: 128 x 128 x 4 B = 64 KiB
// of static shared memory, over the 48 KiB a static allocation may take.
template <int COLS>
__global__ void stageRows(const float *in, float *out, int n) {
  __shared__ float stage[kStageRows][COLS];
  const int col = threadIdx.x;
  for (int r = 0; r < kStageRows; ++r) stage[r][col] = in[(blockIdx.x * kStageRows + r) * COLS + col];
  __syncthreads();
  for (int r = 0; r < kStageRows; ++r) out[(blockIdx.x * kStageRows + r) * COLS + col] = stage[kStageRows - 1 - r][col];
}
