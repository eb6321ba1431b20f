// A fast path for one size that is not a multiple of the divisor, and a
// mask of the wrong width: the grids still drop a tail.
__global__ void gate_up_rows(float *out, const float *in) {
  out[blockIdx.x * 8 + threadIdx.x] = 3.f * in[blockIdx.x * 8 + threadIdx.x];
}

__global__ void down_rows(float *out, const float *in) {
  out[blockIdx.x * 128 + threadIdx.x] = 2.f * in[blockIdx.x * 128 + threadIdx.x];
}

int launch_expert(float *out, const float *in, int inter, int hidden) {
  if (inter == 100) gate_up_rows<<<inter / 8, 8>>>(out, in);
  if ((hidden & 63) != 0) return -1;
  down_rows<<<hidden / 128, 128>>>(out, in);
  return 0;
}
