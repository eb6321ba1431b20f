#pragma once
#include <cuda_fp16.h>

// Writes one accumulator fragment; the scale is the unit's to define, and
// this header names it before any unit could.
__device__ __forceinline__ void store_fragment(half *out, const float acc[4]) {
#pragma unroll
  for (int i = 0; i < 4; ++i) out[threadIdx.x * 4 + i] = __float2half(acc[i] * output_scale);
}
