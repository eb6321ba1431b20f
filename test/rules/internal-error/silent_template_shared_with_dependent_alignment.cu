#include <cuda_runtime.h>

// The dynamic shared buffer is aligned for a storage type the kernel's
// traits choose; the template is not instantiated in this file (the JIT
// build instantiates it), so the alignment is not known here.
template <typename KTraits>
__global__ void batch_prefill(const float *q, float *o, int n) {
  extern __shared__ __align__(alignof(typename KTraits::SharedStorage)) unsigned char smem[];
  auto &storage = *reinterpret_cast<typename KTraits::SharedStorage *>(smem);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = q[i] + storage.scale;
}

template <typename KTraits>
__global__ void batch_decode(const float *q, float *o, int n) {
  __shared__ __align__(alignof(typename KTraits::SharedStorage)) unsigned char staged[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  staged[threadIdx.x % 256] = static_cast<unsigned char>(i);
  __syncthreads();
  if (i < n) o[i] = q[i] * staged[(threadIdx.x + 1) % 256];
}
