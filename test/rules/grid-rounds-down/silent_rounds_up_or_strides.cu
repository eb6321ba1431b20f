// Rounding up, a ceiling helper, a grid-stride loop, and a size known at
// compile time: none leaves elements without a block.
#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__device__ __host__ inline int ceilDiv(int a, int b) { return (a + b - 1) / b; }

__global__ void relu(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] > 0.f ? x[i] : 0.f;
}

__global__ void reluStrided(float *x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    x[i] = x[i] > 0.f ? x[i] : 0.f;
}

void launchAll(float *x, int n) {
  relu<<<(n + 255) / 256, 256>>>(x, n);
  relu<<<CEIL_DIV(n, 256), 256>>>(x, n);
  relu<<<ceilDiv(n, 256), 256>>>(x, n);
  reluStrided<<<n / 256, 256>>>(x, n);
  relu<<<4096 / 256, 256>>>(x, 4096);
}
