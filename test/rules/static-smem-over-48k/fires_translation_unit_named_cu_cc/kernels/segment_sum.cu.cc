// A TensorFlow-style source: nvcc compiles `*.cu.cc` as CUDA. Its staging
// buffer of 12,800 floats is 51,200 bytes, over what ptxas accepts statically.
#define TILE 12800

__global__ void segment_sum(const float *values, const int *segments, float *out, int n) {
  __shared__ float staged[TILE];
  for (int i = threadIdx.x; i < TILE && blockIdx.x * TILE + i < n; i += blockDim.x)
    staged[i] = values[blockIdx.x * TILE + i];
  __syncthreads();
  for (int i = threadIdx.x; i < TILE && blockIdx.x * TILE + i < n; i += blockDim.x)
    atomicAdd(&out[segments[blockIdx.x * TILE + i]], staged[i]);
}

void launch_segment_sum(const float *values, const int *segments, float *out, int n) {
  segment_sum<<<(n + TILE - 1) / TILE, 256>>>(values, segments, out, n);
}
