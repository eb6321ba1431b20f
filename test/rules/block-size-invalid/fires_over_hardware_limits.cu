// Blocks the hardware rejects: too many threads, and too deep along z.
__global__ void fill(float *x, float value) {
  x[(threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x] = value;
}

void launchFill(float *x) {
  dim3 square(32, 64);
  fill<<<1, square>>>(x, 1.0f);
  fill<<<1, dim3(4, 2, 128)>>>(x, 2.0f);
  fill<<<1, 2048>>>(x, 3.0f);
}
