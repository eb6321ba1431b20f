// The index is computed in a device function the kernel calls: it counts.
// A share equal to the block's coverage is silent; strides that disagree
// leave the kernel's coverage unknown.
__device__ __forceinline__ int globalIndex() { return blockIdx.x * blockDim.x + threadIdx.x; }

__global__ void square(float *x, int n) {
  int i = globalIndex();
  if (i < n) x[i] = x[i] * x[i];
}

__global__ void halves(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.x * 64 + threadIdx.x;
  if (i < n && j < n) x[i] += x[j];
}

void launchSquare(float *x, int n) {
  square<<<(n + 511) / 512, 256>>>(x, n);
  square<<<(n + 255) / 256, 256>>>(x, n);
  halves<<<(n + 511) / 512, 256>>>(x, n);
}
