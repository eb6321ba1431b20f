// Shared variables outside the kernel body: file scope and device functions
// the kernel calls; only what the kernel reaches and reads counts.
__shared__ double fileScope[1];
__shared__ float otherFileScope[64];

__device__ float warpPartial(float v) {
  __shared__ double partial[1];
  partial[threadIdx.x] = v;
  __syncthreads();
  return partial[2 - threadIdx.x];
}

__device__ float twoLevels(float v) { return warpPartial(v) * 2.0f; }

__global__ void localThenFileScope(const float *in, float *out) {
  __shared__ char c[1];
  c[threadIdx.x] = in[0] > 0;
  fileScope[threadIdx.x] = in[1];
  __syncthreads();
  out[0] = c[threadIdx.x + 1] + fileScope[threadIdx.x + 1];
}

__global__ void throughCalls(const float *in, float *out) {
  __shared__ char c[1];
  c[threadIdx.x] = in[0] > 0;
  __syncthreads();
  out[0] = twoLevels(c[threadIdx.x + 1]) + fileScope[threadIdx.x];
}

__global__ void neverCallsHelper(const float *in, float *out) {
  __shared__ float own[10];
  own[threadIdx.x] = in[0];
  __syncthreads();
  out[0] = own[9 - threadIdx.x];
}

__global__ void droppedVariables(const float *in, float *out) {
  __shared__ float unused[256];
  __shared__ float writeOnly[256];
  __shared__ float read[16];
  writeOnly[threadIdx.x] = in[0];
  read[threadIdx.x] = in[1];
  __syncthreads();
  out[0] = read[15 - threadIdx.x] + otherFileScope[threadIdx.x];
}
