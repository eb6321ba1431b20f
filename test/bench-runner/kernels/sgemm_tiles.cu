// Tiled single-precision GEMM, C = A * B (row-major: A is M x K, B is K x N),
// written for btlint-bench's CUDA launch and timing tests. A template tile
// table: each block computes a BM x BN tile of C with (BM / TM) * (BN / TN)
// threads, each thread a TM x TN tile of accumulators in registers; tiles of A
// and B of depth BK are staged in dynamic shared memory, double-buffered.
//
// Planted on purpose (test/bench-runner/cuda/README.md):
//  - config 4, sgemm_tiled<64, 128, 64, 4, 8>, stages 2 * (64*64 + 64*128) * 4
//    = 96 KiB of dynamic shared memory and is launched without
//    cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize):
//    dynamic-smem-missing-optin, the launch fails. Config 3 needs 64 KiB and
//    is opted in, so it runs.
//  - config 5, sgemm_tiled<128, 128, 8, 4, 8>, launches 32 * 16 = 512
//    threads, over the kernel's __launch_bounds__(256): block-size-invalid.
#include <cuda_runtime.h>

template <int BM, int BN, int BK, int TM, int TN>
__device__ __forceinline__ void stage_tiles(const float* __restrict__ a, const float* __restrict__ b, float* as,
                                            float* bs, int m, int n, int k, int row0, int col0, int k0) {
  constexpr int kThreads = (BM / TM) * (BN / TN);
  // A is stored transposed ([BK][BM]) so that a thread's TM rows are adjacent.
  for (int i = threadIdx.x; i < BM * BK; i += kThreads) {
    const int r = i / BK, kk = i % BK;
    const int gr = row0 + r, gk = k0 + kk;
    as[kk * BM + r] = (gr < m && gk < k) ? a[static_cast<size_t>(gr) * k + gk] : 0.f;
  }
  for (int i = threadIdx.x; i < BK * BN; i += kThreads) {
    const int kk = i / BN, cc = i % BN;
    const int gk = k0 + kk, gc = col0 + cc;
    bs[kk * BN + cc] = (gk < k && gc < n) ? b[static_cast<size_t>(gk) * n + gc] : 0.f;
  }
}

template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__(256) sgemm_tiled(const float* __restrict__ a, const float* __restrict__ b,
                                                   float* __restrict__ c, int m, int n, int k) {
  constexpr int kThreadsX = BN / TN;
  extern __shared__ __align__(16) float smem[];
  float* as = smem;                // 2 stages of [BK][BM]
  float* bs = smem + 2 * BK * BM;  // 2 stages of [BK][BN]
  const int tx = threadIdx.x % kThreadsX, ty = threadIdx.x / kThreadsX;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;

  stage_tiles<BM, BN, BK, TM, TN>(a, b, as, bs, m, n, k, row0, col0, 0);
  __syncthreads();
  int stage = 0;
  for (int k0 = 0; k0 < k; k0 += BK) {
    // The other stage was last read before the previous __syncthreads().
    if (k0 + BK < k)
      stage_tiles<BM, BN, BK, TM, TN>(a, b, as + (stage ^ 1) * BK * BM, bs + (stage ^ 1) * BK * BN, m, n, k, row0,
                                      col0, k0 + BK);
    const float* at = as + stage * BK * BM;
    const float* bt = bs + stage * BK * BN;
#pragma unroll 4
    for (int kk = 0; kk < BK; ++kk) {
      float ra[TM], rb[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i) ra[i] = at[kk * BM + ty * TM + i];
#pragma unroll
      for (int j = 0; j < TN; ++j) rb[j] = bt[kk * BN + tx * TN + j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] += ra[i] * rb[j];
    }
    __syncthreads();
    stage ^= 1;
  }

#pragma unroll
  for (int i = 0; i < TM; ++i) {
    const int r = row0 + ty * TM + i;
#pragma unroll
    for (int j = 0; j < TN; ++j) {
      const int col = col0 + tx * TN + j;
      if (r < m && col < n) c[static_cast<size_t>(r) * n + col] = acc[i][j];
    }
  }
}

// Dynamic shared memory of each config: two stages of the A and B tiles.
constexpr size_t kSmem1 = 2 * (64 * 8 + 8 * 64) * sizeof(float);      // 8 KiB
constexpr size_t kSmem2 = 2 * (128 * 8 + 8 * 128) * sizeof(float);    // 16 KiB
constexpr size_t kSmem3 = 2 * (128 * 32 + 32 * 128) * sizeof(float);  // 64 KiB
constexpr size_t kSmem4 = 2 * (64 * 64 + 64 * 128) * sizeof(float);   // 96 KiB
constexpr size_t kSmem5 = 2 * (128 * 8 + 8 * 128) * sizeof(float);    // 16 KiB

// The tile table, as a tuner would index it: config 1 to 5.
cudaError_t launch_sgemm(int config, const float* a, const float* b, float* c, int m, int n, int k,
                         cudaStream_t stream) {
  switch (config) {
  case 1: {
    const dim3 grid((n + 63) / 64, (m + 63) / 64);
    sgemm_tiled<64, 64, 8, 4, 4><<<grid, 256, kSmem1, stream>>>(a, b, c, m, n, k);
    break;
  }
  case 2: {
    const dim3 grid((n + 127) / 128, (m + 127) / 128);
    sgemm_tiled<128, 128, 8, 8, 8><<<grid, 256, kSmem2, stream>>>(a, b, c, m, n, k);
    break;
  }
  case 3: {
    const dim3 grid((n + 127) / 128, (m + 127) / 128);
    cudaFuncSetAttribute(sgemm_tiled<128, 128, 32, 8, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem3);
    sgemm_tiled<128, 128, 32, 8, 8><<<grid, 256, kSmem3, stream>>>(a, b, c, m, n, k);
    break;
  }
  case 4: {
    const dim3 grid((n + 127) / 128, (m + 63) / 64);
    sgemm_tiled<64, 128, 64, 4, 8><<<grid, 256, kSmem4, stream>>>(a, b, c, m, n, k);
    break;
  }
  default: {
    const dim3 grid((n + 127) / 128, (m + 127) / 128);
    sgemm_tiled<128, 128, 8, 4, 8><<<grid, 512, kSmem5, stream>>>(a, b, c, m, n, k);
    break;
  }
  }
  return cudaGetLastError();
}
