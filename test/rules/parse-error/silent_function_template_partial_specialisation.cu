#include <cuda_fp16.h>

template <typename Dst, typename Src, int N>
__device__ __forceinline__ void vec_cast(Dst *dst, const Src *src) {
#pragma unroll
  for (int i = 0; i < N; ++i) dst[i] = static_cast<Dst>(src[i]);
}

// Written as a partial specialisation of a function template: ill-formed C++
// that Clang rejects, which nvcc's front end accepts and compiles.
template <int N>
__device__ __forceinline__ void vec_cast<float, half, N>(float *dst, const half *src) {
#pragma unroll
  for (int i = 0; i < N; ++i) dst[i] = __half2float(src[i]);
}

__global__ void widen_kernel(const half *x, float *y, int n) {
  const int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i + 4 <= n) vec_cast<float, half, 4>(y + i, x + i);
}

void widen(const half *x, float *y, int n) { widen_kernel<<<(n / 4 + 255) / 256, 256>>>(x, y, n); }
