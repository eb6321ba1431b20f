// A register-tiled SGEMM: each thread accumulates a TM x TN tile in the
// per-thread array `acc`. 16 x 16 floats are 256 registers, more than a
// thread has; under __launch_bounds__(1024) a thread gets 64 registers, so
// an 8 x 16 tile (128) does not fit either. 8 x 8 (64 registers, 80 with
// the operands) fits in 256 threads. ptxas -v agrees: the first two spill to
// local memory, the last uses 128 registers and no stack.
template <int TM, int TN, int THREADS>
__global__ void __launch_bounds__(THREADS) sgemmRegisterTile(const float *A, const float *B, float *C, int K) {
  float acc[TM * TN] = {0.0f};
  float a[TM];
  float b[TN];
  for (int k = 0; k < K; ++k) {
    for (int i = 0; i < TM; ++i) a[i] = A[k * TM + i];
    for (int j = 0; j < TN; ++j) b[j] = B[k * TN + j];
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j) acc[i * TN + j] += a[i] * b[j];
  }
  for (int i = 0; i < TM * TN; ++i) C[(blockIdx.x * THREADS + threadIdx.x) * TM * TN + i] = acc[i];
}

void launchTiles(const float *A, const float *B, float *C, int K) {
  sgemmRegisterTile<8, 8, 256><<<64, 256>>>(A, B, C, K);
  sgemmRegisterTile<16, 16, 128><<<64, 128>>>(A, B, C, K);
  sgemmRegisterTile<8, 16, 1024><<<64, 1024>>>(A, B, C, K);
}
