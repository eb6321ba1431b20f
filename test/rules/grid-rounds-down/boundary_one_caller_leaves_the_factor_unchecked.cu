// The launcher's count is checked by one of its callers only: the other
// passes any size, and the grid drops its tail.
#include <cassert>

__global__ void scale_rows(float *x, float factor) { x[blockIdx.x * 128 + threadIdx.x] *= factor; }

static void launch_scale(float *x, int rows, float factor) { scale_rows<<<rows / 128, 128>>>(x, factor); }

void scale_checked(float *x, int rows) {
  assert(rows % 128 == 0);
  launch_scale(x, rows, 2.f);
}

void scale_any(float *x, int rows) { launch_scale(x, rows, 0.5f); }
