// Grids that give each block what it covers, or less.
constexpr int kThreads = 256;

__global__ void relu(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = fmaxf(x[i], 0.0f);
}

void launchRelu(float *x, int n) {
  relu<<<(n + kThreads - 1) / kThreads, kThreads>>>(x, n);
  // More blocks than needed: the last ones find nothing to do.
  relu<<<(n + 127) / 128, kThreads>>>(x, n);
}

// Each block covers kThreads elements written as a constant stride.
__global__ void negate(float *x, int n) {
  int i = blockIdx.x * kThreads + threadIdx.x;
  if (i < n) x[i] = -x[i];
}

void launchNegate(float *x, int n) { negate<<<(n + kThreads - 1) / kThreads, kThreads>>>(x, n); }

// The block extent is only known at run time.
void launchReluThreads(float *x, int n, int threads) { relu<<<(n + 255) / 256, threads>>>(x, n); }
