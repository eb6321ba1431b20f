// MoE expert kernels with fast paths for the sizes a model uses: each path
// runs only for a size that is a multiple of its divisor (`inter == 256`),
// or after the low bits are checked (`(hidden & 127) != 0` returns first).
__global__ void gate_up_256(float *out, const float *in, int topk) {
  out[blockIdx.y * 256 + blockIdx.x * 8 + threadIdx.x] = in[blockIdx.x * 8 + threadIdx.x] * topk;
}

__global__ void down_rows(float *out, const float *in) {
  out[blockIdx.x * 128 + threadIdx.x] = 2.f * in[blockIdx.x * 128 + threadIdx.x];
}

int launch_expert(float *out, const float *in, int inter, int hidden, int topk, bool fused) {
  if (inter == 256 && fused) {
    dim3 grid(inter / 8, topk);
    gate_up_256<<<grid, 8>>>(out, in, topk);
  }
  if ((hidden & 127) != 0) return -1;
  down_rows<<<hidden / 128, 128>>>(out, in);
  return 0;
}
