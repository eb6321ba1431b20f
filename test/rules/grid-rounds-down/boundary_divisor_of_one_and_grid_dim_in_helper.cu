// Dividing by 1 rounds nothing; a kernel whose device helper reads gridDim
// strides over any grid; dividing by 2 without either fires.
__device__ int stride() { return gridDim.x * blockDim.x; }

__global__ void fill(float *x, float v, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride()) x[i] = v;
}

__global__ void pairSum(const float *x, float *y, int pairs) {
  int i = blockIdx.x;
  if (threadIdx.x == 0) y[i] = x[2 * i] + x[2 * i + 1];
}

void launch(float *x, float *y, int n, int rows) {
  fill<<<rows / 1, 256>>>(x, 0.f, n);
  fill<<<n / 1024, 256>>>(x, 1.f, n);
  pairSum<<<rows / 2, 32>>>(x, y, rows / 2);
}
