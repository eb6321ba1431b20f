// The launcher checks the size modulo 4, a divisor of the 8 rows each block
// takes: a multiple of 4 need not be one of 8, and the grid still drops the
// last 4 rows. A check modulo 16 would do (silent_remainder_checked_or_launched).
#include <cassert>

__global__ void scaleRows(float *rows, float factor) {
  int r = blockIdx.x * 8 + threadIdx.y;
  rows[r * 32 + threadIdx.x] *= factor;
}

void launchScaleRows(float *rows, float factor, int num_rows) {
  assert(num_rows % 4 == 0);
  scaleRows<<<num_rows / 8, dim3(32, 8)>>>(rows, factor);
}
