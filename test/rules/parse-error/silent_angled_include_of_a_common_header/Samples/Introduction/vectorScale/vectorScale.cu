// build-flags: -I../../../Common
// A sample that includes the samples' shared helpers as system-style headers
// (<helper_launch.h>, which itself includes <helper_errors.h>): every
// sample's CMakeLists.txt adds ../../../Common to the include path, and
// btlint finds the folder without a compile database.
#include <helper_launch.h>

__global__ void vector_scale(const float *in, float *out, float factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * factor;
}

void run_vector_scale(const float *in, float *out, float factor, int n) {
  vector_scale<<<blocks_for(n, 256), 256>>>(in, out, factor, n);
  CHECK_LAUNCH();
}
