// Whole warps within the limits, a deliberate single thread, and a block
// only known at run time.
template <int THREADS>
__global__ void __launch_bounds__(THREADS) reduce(const float *in, float *out) {
  out[blockIdx.x] = in[blockIdx.x * THREADS + threadIdx.x];
}

__global__ void finalize(float *out) { out[0] = 1.0f; }

void launchReduce(const float *in, float *out, int threads) {
  reduce<256><<<64, 256>>>(in, out);
  reduce<1024><<<1, dim3(32, 32)>>>(in, out);
  finalize<<<1, 1>>>(out);
  reduce<512><<<1, threads>>>(in, out);
}
