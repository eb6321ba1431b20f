// Analysed although the file before it crashed the compiler.
__global__ void staged(float *x) {
  __shared__ float tile[16384];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = tile[16383 - threadIdx.x];
}
