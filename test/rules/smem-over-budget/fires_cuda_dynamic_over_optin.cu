// btlint-test: --arch sm80,sm90
// A pipelined kernel asks for 200 KiB of dynamic shared memory: more than an
// A100 (sm80) can give a block at all, 163 KiB, whatever the opt-in; on
// H100 (sm90, 227 KiB) it fits. The 240 KiB launch fits neither.
template <int STAGES>
__global__ void pipelined(const float4 *in, float4 *out) {
  extern __shared__ float4 stages[];
  stages[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = stages[(threadIdx.x + STAGES) % blockDim.x];
}

void launchPipelined(const float4 *in, float4 *out) {
  cudaFuncSetAttribute(pipelined<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
  pipelined<4><<<1, 256, 200 * 1024>>>(in, out);
  cudaFuncSetAttribute(pipelined<6>, cudaFuncAttributeMaxDynamicSharedMemorySize, 240 * 1024);
  pipelined<6><<<1, 256, 240 * 1024>>>(in, out);
}
