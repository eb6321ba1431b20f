#include <cuda_runtime.h>

// The pointer the launcher opts in is assigned twice: which kernel it opts in
// depends on the path, so the launch by name of the other is not known to be
// opted in.
template <int STAGES> __global__ void stream_copy(const float *in, float *out, int n) {
  extern __shared__ float staged[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  staged[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = staged[(threadIdx.x + STAGES) % blockDim.x];
}

void copy(const float *in, float *out, int n, bool deep, cudaStream_t stream) {
  constexpr int kSmem = 96 * 1024;
  void *kernel;
  kernel = (void *)stream_copy<2>;
  if (deep) kernel = (void *)stream_copy<4>;
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem);
  stream_copy<2><<<(n + 255) / 256, 256, kSmem, stream>>>(in, out, n);
}
