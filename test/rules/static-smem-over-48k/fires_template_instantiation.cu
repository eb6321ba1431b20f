// A tiled GEMM whose large-tile instantiation needs 64 KiB of static shared
// memory; the small one fits.
template <int BM, int BN, int BK>
__global__ void gemm(const float *A, const float *B, float *C, int K) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const int t = threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += BK) {
    As[t] = A[k0 + t];
    Bs[t] = B[k0 + t];
    __syncthreads();
    for (int k = 0; k < BK; ++k) acc += As[(t / BN) * BK + k] * Bs[k * BN + t % BN];
    __syncthreads();
  }
  C[blockIdx.x * blockDim.x + t] = acc;
}

void launchGemms(const float *A, const float *B, float *C, int K) {
  gemm<64, 64, 32><<<64, 256>>>(A, B, C, K);
  gemm<128, 128, 64><<<64, 256>>>(A, B, C, K);
}
