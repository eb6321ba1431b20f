// The launcher forgets TN when sizing the block: 128 threads are budgeted
// by __launch_bounds__, 1024 are launched.
template <int BM, int BN, int TM, int TN>
__global__ void __launch_bounds__((BM * BN) / (TM * TN)) sgemm(const float *A, const float *B, float *C) {
  float acc[TM * TN] = {};
  for (int i = 0; i < TM * TN; ++i) acc[i] += A[i] * B[i];
  C[threadIdx.x] = acc[threadIdx.x % (TM * TN)];
}

template <int BM, int BN, int TM, int TN>
void runSgemm(const float *A, const float *B, float *C) {
  dim3 block((BM * BN) / TM);
  sgemm<BM, BN, TM, TN><<<1, block>>>(A, B, C);
}

template void runSgemm<128, 64, 8, 8>(const float *, const float *, float *);
