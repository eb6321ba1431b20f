#include <cuda_runtime.h>

// The helper opts in the kernel it is handed, but the launcher hands it the
// prefill kernel and launches the decode kernel: the decode launch still
// asks for more than 48 KiB without an opt-in.
template <int HEAD_DIM> __global__ void prefill_attention(const float *q, float *o, int n) {
  extern __shared__ float tile[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? q[i] : 0.0f;
  __syncthreads();
  if (i < n) o[i] = tile[(threadIdx.x + HEAD_DIM) % blockDim.x];
}

template <int HEAD_DIM> __global__ void decode_attention(const float *q, float *o, int n) {
  extern __shared__ float tile[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? q[i] : 0.0f;
  __syncthreads();
  if (i < n) o[i] = tile[(threadIdx.x + 2 * HEAD_DIM) % blockDim.x];
}

template <typename Kernel>
void configure_smem(Kernel kernel, size_t smem_bytes) {
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_bytes));
}

template <int HEAD_DIM>
void launch(const float *q, float *o, int n, cudaStream_t stream) {
  constexpr size_t smem = 2 * HEAD_DIM * 128 * sizeof(float);
  configure_smem(prefill_attention<HEAD_DIM>, smem);
  decode_attention<HEAD_DIM><<<(n + 127) / 128, 128, smem, stream>>>(q, o, n);
}

template void launch<128>(const float *, float *, int, cudaStream_t);
