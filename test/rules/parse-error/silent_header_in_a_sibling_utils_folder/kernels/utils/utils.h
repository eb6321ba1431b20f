#pragma once
// Shared by the kernels under kernels/*/: the build adds this folder with -I.
#define WARP_SIZE 32
#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__device__ __forceinline__ float warp_reduce_sum(float value) {
#pragma unroll
  for (int mask = WARP_SIZE / 2; mask >= 1; mask >>= 1)
    value += __shfl_xor_sync(0xffffffff, value, mask);
  return value;
}
