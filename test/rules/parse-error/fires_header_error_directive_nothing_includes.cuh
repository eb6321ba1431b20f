#pragma once
// A kernel body that asks for its tile size, but no file of the project
// includes it: nothing defines TILE, so the #error is what a build meets.
#ifndef TILE
#error "TILE must be defined before including this header"
#endif

__global__ void scale_tile(float *x, float factor) {
  __shared__ float tile[TILE];
  tile[threadIdx.x % TILE] = x[threadIdx.x] * factor;
  __syncthreads();
  x[threadIdx.x] = tile[threadIdx.x % TILE];
}
