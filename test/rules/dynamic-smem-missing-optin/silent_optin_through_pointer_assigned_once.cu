#include <cuda_runtime.h>

// The launcher takes the kernel's address into a pointer declared without a
// value, opts that pointer in, and launches the same instance by name.
template <int BLOCK_M, int BLOCK_N> struct AttnTraits {
  static constexpr int kSmemBytes = (BLOCK_M + 2 * BLOCK_N) * 128 * 2;
};

template <typename Traits, bool IS_CAUSAL>
__global__ void attn_fwd(const float *q, const float *k, float *o, int seqlen) {
  extern __shared__ float smem[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  smem[threadIdx.x] = i < seqlen ? q[i] + k[i] : 0.0f;
  __syncthreads();
  if (i < seqlen) o[i] = smem[(threadIdx.x + 1) % blockDim.x] * (IS_CAUSAL ? 0.5f : 1.0f);
}

template <typename Traits, bool IS_CAUSAL>
void run_attn_fwd(const float *q, const float *k, float *o, int seqlen, cudaStream_t stream) {
  void *kernel;
  kernel = (void *)attn_fwd<Traits, IS_CAUSAL>;
  const int smem_size = Traits::kSmemBytes;
  if (smem_size >= 48 * 1024) cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_size);
  attn_fwd<Traits, IS_CAUSAL><<<(seqlen + 127) / 128, 128, smem_size, stream>>>(q, k, o, seqlen);
}

template void run_attn_fwd<AttnTraits<128, 128>, true>(const float *, const float *, float *, int, cudaStream_t);
template void run_attn_fwd<AttnTraits<128, 128>, false>(const float *, const float *, float *, int, cudaStream_t);
