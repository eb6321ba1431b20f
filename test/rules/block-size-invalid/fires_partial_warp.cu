// 48 threads run as two warps with 16 idle lanes; a 10 x 10 tile as four.
__global__ void smooth(const float *in, float *out) {
  out[threadIdx.y * blockDim.x + threadIdx.x] = 0.5f * in[threadIdx.x];
}

void launchSmooth(const float *in, float *out) {
  smooth<<<1, 48>>>(in, out);
  smooth<<<1, dim3(10, 10)>>>(in, out);
}
