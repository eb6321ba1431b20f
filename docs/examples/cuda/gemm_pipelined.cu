// fp16 GEMM with a three-stage shared-memory pipeline: A and B tiles for the
// next K steps are staged in dynamic shared memory while the current one is
// multiplied.
//
// Planted mistake (docs/examples/README.md): the launch asks for 100 KiB of
// dynamic shared memory, but nothing calls
// cudaFuncSetAttribute(gemm_pipelined, cudaFuncAttributeMaxDynamicSharedMemorySize, ...)
// first. Above 48 KiB the opt-in is required, so every launch fails with
// "invalid argument" and the output is left untouched.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

constexpr int kBlockM = 128;
constexpr int kBlockN = 128;
constexpr int kBlockK = 64;
constexpr int kStages = 3;
constexpr int kThreads = 256;
constexpr size_t kStageBytes = (kBlockM * kBlockK + kBlockK * kBlockN) * sizeof(__half);  // 32 KiB
constexpr size_t kEpilogueBytes = 4 * 1024;
constexpr size_t kSmemBytes = kStages * kStageBytes + kEpilogueBytes;                      // 100 KiB

__global__ void __launch_bounds__(kThreads) gemm_pipelined(const __half* a, const __half* b, float* c, int m, int n,
                                                           int k) {
  extern __shared__ __align__(16) unsigned char smem[];
  __half* a_stages = reinterpret_cast<__half*>(smem);
  __half* b_stages = a_stages + kStages * kBlockM * kBlockK;

  const int tile_row = blockIdx.y * kBlockM;
  const int tile_col = blockIdx.x * kBlockN;
  float acc[kBlockM * kBlockN / kThreads] = {};

  for (int k0 = 0, stage = 0; k0 < k; k0 += kBlockK, stage = (stage + 1) % kStages) {
    __half* a_tile = a_stages + stage * kBlockM * kBlockK;
    __half* b_tile = b_stages + stage * kBlockK * kBlockN;
    for (int i = threadIdx.x; i < kBlockM * kBlockK; i += kThreads) {
      const int r = i / kBlockK, kk = i % kBlockK;
      a_tile[i] = (tile_row + r < m && k0 + kk < k) ? a[(tile_row + r) * k + k0 + kk] : __float2half(0.f);
    }
    for (int i = threadIdx.x; i < kBlockK * kBlockN; i += kThreads) {
      const int kk = i / kBlockN, col = i % kBlockN;
      b_tile[i] = (k0 + kk < k && tile_col + col < n) ? b[(k0 + kk) * n + tile_col + col] : __float2half(0.f);
    }
    __syncthreads();
    for (int e = 0; e < kBlockM * kBlockN / kThreads; ++e) {
      const int idx = e * kThreads + threadIdx.x;
      const int r = idx / kBlockN, col = idx % kBlockN;
      for (int kk = 0; kk < kBlockK; ++kk)
        acc[e] += __half2float(a_tile[r * kBlockK + kk]) * __half2float(b_tile[kk * kBlockN + col]);
    }
    __syncthreads();
  }

  for (int e = 0; e < kBlockM * kBlockN / kThreads; ++e) {
    const int idx = e * kThreads + threadIdx.x;
    const int r = tile_row + idx / kBlockN, col = tile_col + idx % kBlockN;
    if (r < m && col < n) c[r * n + col] = acc[e];
  }
}

cudaError_t launch_gemm(const __half* a, const __half* b, float* c, int m, int n, int k, cudaStream_t stream) {
  const dim3 grid((n + kBlockN - 1) / kBlockN, (m + kBlockM - 1) / kBlockM);
  gemm_pipelined<<<grid, kThreads, kSmemBytes, stream>>>(a, b, c, m, n, k);
  return cudaGetLastError();
}
