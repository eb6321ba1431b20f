#include <cuda_runtime.h>

// Attention-style launcher: a shared helper opts in whichever kernel it is
// handed (and skips the call when the bytes fit the default), then the
// launcher starts that kernel with cudaLaunchKernelExC or <<<>>>.
template <int HEAD_DIM> __global__ void decode_attention(const float *q, float *o, int n) {
  extern __shared__ float kv_tile[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  kv_tile[threadIdx.x] = i < n ? q[i] : 0.0f;
  __syncthreads();
  if (i < n) o[i] = kv_tile[(threadIdx.x + HEAD_DIM) % blockDim.x];
}

template <typename Kernel>
cudaError_t configure_smem(Kernel kernel, size_t smem_bytes) {
  if (smem_bytes <= 48 * 1024) return cudaSuccess;
  return cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_bytes));
}

template <int HEAD_DIM>
void launch_decode(const float *q, float *o, int n, cudaStream_t stream) {
  constexpr size_t smem = 2 * HEAD_DIM * 128 * sizeof(float) + 16384;
  auto kernel = decode_attention<HEAD_DIM>;
  configure_smem(kernel, smem);
  cudaLaunchConfig_t config{dim3((n + 127) / 128), dim3(128), smem, stream, nullptr, 0};
  void *args[] = {(void *)&q, (void *)&o, (void *)&n};
  cudaLaunchKernelExC(&config, reinterpret_cast<const void *>(kernel), args);
}

template <int HEAD_DIM>
void launch_decode_chevrons(const float *q, float *o, int n, cudaStream_t stream) {
  constexpr size_t smem = 2 * HEAD_DIM * 128 * sizeof(float) + 16384;
  auto kernel = decode_attention<HEAD_DIM>;
  configure_smem(kernel, smem);
  kernel<<<(n + 127) / 128, 128, smem, stream>>>(q, o, n);
}

template void launch_decode<128>(const float *, float *, int, cudaStream_t);
template void launch_decode_chevrons<64>(const float *, float *, int, cudaStream_t);
