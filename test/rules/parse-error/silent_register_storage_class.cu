// `register` is gone from C++17 and Clang rejects it by default; nvcc 13
// accepts it silently in device code (-std=c++17 and c++20), and quantised
// GEMMs still declare their fragments with it.
#include <cuda_fp16.h>

struct FragA { half2 x[4]; };
struct FragC { float x[4]; };

__global__ void dequant_gemm_tile(const half2 *a, float *c, int stages) {
  register FragA frag_a[2];
  register FragC frag_c;
  register int lane = threadIdx.x & 31;
  for (int i = 0; i < 4; ++i) frag_c.x[i] = 0.0f;
  for (int s = 0; s < stages; ++s) {
    for (int i = 0; i < 4; ++i) frag_a[s & 1].x[i] = a[(s * 32 + lane) * 4 + i];
    for (int i = 0; i < 4; ++i) frag_c.x[i] += __low2float(frag_a[s & 1].x[i]) * __high2float(frag_a[s & 1].x[i]);
  }
  for (int i = 0; i < 4; ++i) c[lane * 4 + i] = frag_c.x[i];
}
