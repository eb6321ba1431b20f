// The same split count over one block more than sm90's 132 SMs: the 133rd
// block waits for a whole block to finish, so the shared-memory limit of one
// block (3 warps) per SM now costs a second wave.
#include <cstdint>

template <int kThreads, int kRanks>
__global__ void countSplits(const int64_t *sizes, const int64_t *rank_of, int64_t *offsets, int splits) {
  extern __shared__ int64_t partial[];
  for (int r = 0; r < kRanks; ++r) partial[threadIdx.x * kRanks + r] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < splits; i += kThreads) partial[threadIdx.x * kRanks + rank_of[i]] += sizes[i];
  __syncthreads();
  for (int r = threadIdx.x; r < kRanks; r += kThreads) {
    int64_t sum = 0;
    for (int t = 0; t < kThreads; ++t) sum += partial[t * kRanks + r];
    offsets[blockIdx.x * kRanks + r] = sum;
  }
}

void countAllSplits(const int64_t *sizes, const int64_t *rank_of, int64_t *offsets, int splits) {
  constexpr int kThreads = 96;
  constexpr int kRanks = 288;
  constexpr int smem = kThreads * kRanks * sizeof(int64_t);
  cudaFuncSetAttribute(countSplits<kThreads, kRanks>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  countSplits<kThreads, kRanks><<<133, kThreads, smem>>>(sizes, rank_of, offsets, splits);
}
