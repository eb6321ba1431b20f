#pragma once

// A header with a kernel of its own: 16384 bins of 4 B = 64 KiB static.
__global__ void wideHistogram(const int *keys, int *counts, int n) {
  __shared__ int bins[16384];
  for (int i = threadIdx.x; i < 16384; i += blockDim.x) bins[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&bins[keys[i] & 16383], 1);
  __syncthreads();
  for (int i = threadIdx.x; i < 16384; i += blockDim.x) atomicAdd(&counts[i], bins[i]);
}
