// ptxas drops shared arrays a kernel never reads, so neither the unused
// scratch nor the write-only buffer counts; dynamic shared memory is the
// other rule's business.
__global__ void scale(float *x, float factor) {
  __shared__ float scratch[16384];
  __shared__ float writeOnly[16384];
  extern __shared__ float staging[];
  writeOnly[threadIdx.x] = x[threadIdx.x];
  staging[threadIdx.x] = x[threadIdx.x] * factor;
  __syncthreads();
  x[threadIdx.x] = staging[blockDim.x - 1 - threadIdx.x];
}

// A template the file never instantiates: its size is unknown here.
template <int TILE>
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launchScale(float *x) {
  scale<<<1, 256, 256 * sizeof(float)>>>(x, 2.0f);
}
