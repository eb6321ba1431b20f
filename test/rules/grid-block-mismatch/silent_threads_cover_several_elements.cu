// Kernels whose threads may cover more than one element each: a
// grid-stride loop, a loop over a thread's elements, a vector access.
__global__ void scaleStrided(float *x, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) x[i] *= a;
}

__global__ void scaleFour(float *x, float a, int n) {
  int base = blockIdx.x * blockDim.x * 4 + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    int i = base + k * blockDim.x;
    if (i < n) x[i] *= a;
  }
}

__global__ void scaleVector(float *x, float a, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 v = reinterpret_cast<float4 *>(x)[i];
    v.x *= a; v.y *= a; v.z *= a; v.w *= a;
    reinterpret_cast<float4 *>(x)[i] = v;
  }
}

// One row per block: blockIdx.x alone is the row, threads stride the row.
__global__ void rowSum(float *out, const float *x, int cols) {
  int row = blockIdx.x;
  float acc = 0.0f;
  if (threadIdx.x == 0) {
    for (int c = 0; c < cols; ++c) acc += x[row * cols + c];
    out[row] = acc;
  }
}

void launchAll(float *x, float *out, float a, int n, int rows, int cols) {
  scaleStrided<<<(n + 1023) / 1024, 256>>>(x, a, n);
  scaleFour<<<(n + 1023) / 1024, 256>>>(x, a, n);
  scaleVector<<<(n + 1023) / 1024, 256>>>(x, a, n / 4);
  rowSum<<<rows, 128>>>(out, x, cols);
}
