// The 48 KiB default covers static and dynamic shared memory together: 16 KiB
// static plus 32 KiB dynamic fits exactly, four bytes more do not.
__global__ void blend(const float *in, float *out) {
  __shared__ float weights[4096];
  extern __shared__ float values[];
  weights[threadIdx.x] = in[threadIdx.x];
  values[threadIdx.x] = in[threadIdx.x + 4096];
  __syncthreads();
  out[threadIdx.x] = weights[4095 - threadIdx.x] * values[threadIdx.x];
}

void launchBlend(const float *in, float *out) {
  blend<<<1, 256, 32 * 1024>>>(in, out);
  blend<<<1, 256, 32 * 1024 + 4>>>(in, out);
}
