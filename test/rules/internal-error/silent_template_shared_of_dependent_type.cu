// A template nobody instantiates whose dynamic shared memory has the
// template parameter's type: its alignment is unknown, and describing it
// must not crash (it once overflowed the stack).
template <typename T, int kThreads>
__global__ void block_reduce(const T *in, T *out, int n) {
  extern __shared__ T partial[];
  const int tid = threadIdx.x;
  partial[tid] = tid < n ? in[blockIdx.x * kThreads + tid] : T(0);
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = partial[0];
}

template <typename T>
struct Staging {
  template <int kWidth>
  static __global__ void copy_through(const T *in, T *out) {
    extern __shared__ T tile[];
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[kWidth - 1 - threadIdx.x];
  }
};
