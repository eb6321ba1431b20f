// The kernel reads its rows through byte steps on a `void *` (nvcc accepts
// them with a warning); that does not hide it: its 64 KiB of static shared
// memory is over the 48 KiB a static allocation may take.
__global__ void stage_rows(void *rows, int row_bytes, float *out) {
  __shared__ float tile[16384];
  const float *row = reinterpret_cast<const float *>(rows + row_bytes * blockIdx.x);
  for (int i = threadIdx.x; i < 16384; i += blockDim.x) tile[i] = row[i];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x * 17) % 16384];
}

void stageRows(void *rows, int row_bytes, float *out, int count) {
  stage_rows<<<count, 256>>>(rows, row_bytes, out);
}
