// Two arrays that fit 48 KiB on paper: alignment padding after the flag
// pushes the block over.
__global__ void histogram(const int *keys, int *counts, int n) {
  __shared__ char done[1];
  __shared__ double bins[6144];
  if (threadIdx.x == 0) done[0] = keys[0] > 0;
  bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) atomicAdd(&bins[keys[i] % 6144], 1.0);
  __syncthreads();
  counts[threadIdx.x] = static_cast<int>(bins[threadIdx.x]) + done[0];
}

void launchHistogram(const int *keys, int *counts, int n) {
  histogram<<<1, 256>>>(keys, counts, n);
}
