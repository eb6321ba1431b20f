// A split-K GEMM whose launcher sizes the dynamic shared memory from the tile
// template arguments and never raises the 48 KiB default.
#pragma once
#include <cuda_runtime.h>

template <int BM, int BN, int BK>
__global__ void splitk_gemm(const float *a, const float *b, float *c, int m, int n, int k) {
  extern __shared__ float smem[];
  float *a_tile = smem;
  float *b_tile = smem + BM * BK;
  const int row = blockIdx.y * BM + threadIdx.y;
  const int col = blockIdx.x * BN + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < k; k0 += BK) {
    a_tile[threadIdx.y * BK + threadIdx.x % BK] = a[row * k + k0 + threadIdx.x % BK];
    b_tile[(threadIdx.y % BK) * BN + threadIdx.x] = b[(k0 + threadIdx.y % BK) * n + col];
    __syncthreads();
    for (int kk = 0; kk < BK; ++kk) acc += a_tile[threadIdx.y * BK + kk] * b_tile[kk * BN + threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n) atomicAdd(&c[row * n + col], acc);
}

template <int BM, int BN, int BK>
void launch_splitk_gemm(const float *a, const float *b, float *c, int m, int n, int k, cudaStream_t stream) {
  constexpr size_t kSmemBytes = (BM * BK + BK * BN) * sizeof(float);
  dim3 grid((n + BN - 1) / BN, (m + BM - 1) / BM);
  dim3 block(BN, BM);
  splitk_gemm<BM, BN, BK><<<grid, block, kSmemBytes, stream>>>(a, b, c, m, n, k);
}
