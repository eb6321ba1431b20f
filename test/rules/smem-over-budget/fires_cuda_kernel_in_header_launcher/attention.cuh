// A decode kernel and its launcher, both templates over the head dimension;
// each instantiation file below makes one head dimension. Neither file names
// a kernel or a launch in its own text.
#pragma once
#include <cuda_runtime.h>

struct DecodeParams {
  const float *q;
  const float *kv;
  float *out;
  int num_heads;
  int seq_len;
};

template <int HEAD_DIM>
__global__ void __launch_bounds__(128) decode_kernel(DecodeParams params) {
  __shared__ float row_max[HEAD_DIM];
  extern __shared__ float kv_tile[];
  const int head = blockIdx.x;
  for (int i = threadIdx.x; i < HEAD_DIM * 64; i += blockDim.x)
    kv_tile[i] = params.kv[head * HEAD_DIM * 64 + i];
  if (threadIdx.x < HEAD_DIM) row_max[threadIdx.x] = params.q[head * HEAD_DIM + threadIdx.x];
  __syncthreads();
  if (threadIdx.x < HEAD_DIM)
    params.out[head * HEAD_DIM + threadIdx.x] = row_max[threadIdx.x] * kv_tile[threadIdx.x];
}

template <int HEAD_DIM>
void run_decode(DecodeParams &params, cudaStream_t stream) {
  // 64 rows of keys and values per block, in fp32.
  constexpr int kSmemBytes = HEAD_DIM * 64 * 2 * sizeof(float);
  cudaFuncSetAttribute(decode_kernel<HEAD_DIM>, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes);
  decode_kernel<HEAD_DIM><<<params.num_heads, 128, kSmemBytes, stream>>>(params);
}
