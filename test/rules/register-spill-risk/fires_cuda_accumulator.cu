// Each thread computes a TM x TN block of C in registers. 16 x 16 floats are
// 256 registers, more than a thread has; 8 x 8 (64) fit.
template <int TM, int TN>
__global__ void sgemmThreadTile(const float *A, const float *B, float *C, int K) {
  float acc[TM * TN] = {0.0f};
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j) acc[i * TN + j] += A[i * K + k] * B[k * TN + j];
  for (int i = 0; i < TM * TN; ++i) C[threadIdx.x * TM * TN + i] = acc[i];
}

void launch(const float *A, const float *B, float *C, int K) {
  sgemmThreadTile<16, 16><<<1, 64>>>(A, B, C, K);
  sgemmThreadTile<8, 8><<<1, 256>>>(A, B, C, K);
}
