// Two arrays that fit 48 KiB on paper: the alignment padding after the flags
// pushes the block over.
__global__ void histogram(const int *keys, int *counts, int n) {
  __shared__ char flags[2];
  __shared__ double bins[6144];
  flags[threadIdx.x & 1] = keys[threadIdx.x] > 0;
  bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) atomicAdd(&bins[keys[i] % 6144], 1.0);
  __syncthreads();
  counts[threadIdx.x] = static_cast<int>(bins[threadIdx.x]) + flags[(threadIdx.x + 1) & 1];
}

void launchHistogram(const int *keys, int *counts, int n) {
  histogram<<<1, 256>>>(keys, counts, n);
}
