// <math.h> is the C library's, though the project has a compat/math.h of its
// own: the system folder holds it, so the project's copy is not put on the
// path for it.
#include <math.h>

__global__ void softplus(const float *in, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = log1pf(expf(in[i]));
}

void run_softplus(const float *in, float *out, int n) { softplus<<<(n + 255) / 256, 256>>>(in, out, n); }
