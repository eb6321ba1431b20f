// sm90 allows 232448 bytes per block: 8192 static + 224256 dynamic is exactly
// that and runs; one dynamic byte more does not.
__global__ void stencil(const float *in, float *out) {
  __shared__ float halo[2048];
  extern __shared__ float tile[];
  halo[threadIdx.x] = in[threadIdx.x];
  tile[threadIdx.x] = halo[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x];
}

void launchStencil(const float *in, float *out) {
  cudaFuncSetAttribute(stencil, cudaFuncAttributeMaxDynamicSharedMemorySize, 224257);
  stencil<<<1, 256, 224256>>>(in, out);
  stencil<<<1, 256, 224257>>>(in, out);
}
