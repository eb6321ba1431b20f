// The launcher is instantiated for several head sizes and refuses the
// blocks the GPU cannot run before it launches: `launchHeads<256, 4>`
// returns early (2048 threads), so its launch never happens.
template <int D, int THREADS_PER_HEAD>
__global__ void headsKernel(float *out, const float *in, int heads) {
  int h = blockIdx.x;
  if (h < heads && threadIdx.x < D * THREADS_PER_HEAD * 2) out[h * D + threadIdx.x % D] = in[h * D + threadIdx.x % D];
}

template <int D, int THREADS_PER_HEAD>
int launchHeads(float *out, const float *in, int heads, int batch) {
  int block = D * THREADS_PER_HEAD * 2;
  if (block >= 1024 || batch > 65535) {
    return 1;
  }
  headsKernel<D, THREADS_PER_HEAD><<<dim3(heads, batch), block>>>(out, in, heads);
  return 0;
}

int launchForHeadSize(float *out, const float *in, int heads, int batch, int d) {
  if (d == 64) return launchHeads<64, 4>(out, in, heads, batch);
  if (d == 256) return launchHeads<256, 4>(out, in, heads, batch);
  return 1;
}
