// The launcher's early return checks something else: the 2048-thread
// block of `launchRows<256, 4>` is still launched.
template <int D, int THREADS_PER_ROW>
__global__ void rowsKernel(float *out, const float *in, int rows) {
  int r = blockIdx.x;
  if (r < rows) out[r * D + threadIdx.x % D] = in[r * D + threadIdx.x % D];
}

template <int D, int THREADS_PER_ROW>
int launchRows(float *out, const float *in, int rows) {
  int block = D * THREADS_PER_ROW * 2;
  if (rows > 65535) return 1;
  rowsKernel<D, THREADS_PER_ROW><<<rows, block>>>(out, in, rows);
  return 0;
}

int launchForRowSize(float *out, const float *in, int rows) { return launchRows<256, 4>(out, in, rows); }
