#pragma once
// The kernel body: a piece of the binding translation unit, which must say
// the head dimension and block size first.
#ifndef DECODE_HEAD_DIM
#error "DECODE_HEAD_DIM must be defined by the binding translation unit"
#endif
#ifndef DECODE_THREADS
#error "DECODE_THREADS must be defined by the binding translation unit"
#endif

__global__ void decode_rows(const float *q, float *o, int n) {
  __shared__ float row[DECODE_HEAD_DIM];
  const int i = blockIdx.x * DECODE_THREADS + threadIdx.x;
  if (threadIdx.x < DECODE_HEAD_DIM) row[threadIdx.x] = i < n ? q[i] : 0.0f;
  __syncthreads();
  if (i < n) o[i] = row[threadIdx.x % DECODE_HEAD_DIM];
}
