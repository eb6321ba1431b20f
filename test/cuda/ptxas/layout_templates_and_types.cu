// Sizes from template arguments, sizeof of structs, half-precision types.
#include <cuda_fp16.h>

template <int BM, int BK, typename T>
struct Storage {
  T a[BM * BK];
  T b[BK * BM];
};

template <int BM, int BK, typename T>
__global__ void gemmStorage(const T *in, T *out) {
  __shared__ Storage<BM, BK, T> storage;
  storage.a[threadIdx.x] = in[threadIdx.x];
  storage.b[threadIdx.x] = in[threadIdx.x + 1];
  __syncthreads();
  out[threadIdx.x] = storage.a[BM - 1 - threadIdx.x] + storage.b[threadIdx.x];
}

template <int ROWS, int COLS>
__global__ void halfTile(const __half *in, __half *out) {
  __shared__ __half tile[ROWS][COLS + 8];
  __shared__ float scale[ROWS];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  scale[threadIdx.y] = __half2float(in[0]);
  __syncthreads();
  out[threadIdx.x] = __float2half(__half2float(tile[threadIdx.x][threadIdx.y]) * scale[threadIdx.x]);
}

template <int N>
__global__ void explicitlyInstantiated(const float *in, float *out) {
  __shared__ float buffer[N];
  buffer[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buffer[N - 1 - threadIdx.x];
}
template __global__ void explicitlyInstantiated<96>(const float *, float *);

void launchAll(const float *f, float *g, const __half *h, __half *k) {
  gemmStorage<64, 16, float><<<1, 256>>>(f, g);
  gemmStorage<32, 8, double><<<1, 256>>>(reinterpret_cast<const double *>(f), reinterpret_cast<double *>(g));
  halfTile<32, 64><<<1, dim3(32, 32)>>>(h, k);
  halfTile<16, 24><<<1, dim3(16, 16)>>>(h, k);
}
