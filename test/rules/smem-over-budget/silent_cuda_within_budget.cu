// btlint-test: --arch sm80,sm90
// Static plus dynamic shared memory within every target's opt-in maximum,
// and a launch whose dynamic size is only known at run time.
__global__ void reduceRows(const float *in, float *out) {
  __shared__ float partial[1024];
  extern __shared__ float rows[];
  rows[threadIdx.x] = in[threadIdx.x];
  partial[threadIdx.x] = rows[threadIdx.x] * 2.0f;
  __syncthreads();
  out[threadIdx.x] = partial[(threadIdx.x + 1) % 1024];
}

void launchRows(const float *in, float *out, int bytes) {
  cudaFuncSetAttribute(reduceRows, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  reduceRows<<<1, 1024, 96 * 1024>>>(in, out);
  reduceRows<<<1, 1024, bytes>>>(in, out);
}
