// The file includes <stdint.h> itself and then declares uint64_t as another
// type: nvcc rejects this too, so the clash is reported.
#include <stdint.h>

typedef unsigned long long uint64_t;

__global__ void widen(uint64_t *out, const uint32_t *in, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
