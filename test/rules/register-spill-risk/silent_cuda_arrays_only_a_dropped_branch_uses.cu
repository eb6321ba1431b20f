// A row kernel that also sums a per-column scale's gradient when HasScale is
// set: the two extra arrays are declared for every instance but only used
// under `if (HasScale)`. Only the instance without a scale is built: it
// drops them with the branch (128 floats left: they fit; ptxas 13.0 for
// sm_90: 168 registers, no spills).
template <bool HasScale>
__global__ void row_backward(const float *dy, const float *scale, float *dx, float *dscale, int cols) {
  float grad[128];
  float scale_reg[64];
  float dscale_sum[64];
  const float *row = dy + blockIdx.x * cols;
  for (int i = 0; i < 128; ++i) grad[i] = row[threadIdx.x + i * 32];
  if (HasScale) {
    for (int i = 0; i < 64; ++i) scale_reg[i] = scale[threadIdx.x + i * 32];
    for (int i = 0; i < 64; ++i) dscale_sum[i] = grad[i] * scale_reg[i] + grad[i + 64];
  }
  for (int i = 0; i < 128; ++i) dx[blockIdx.x * cols + threadIdx.x + i * 32] = grad[i];
  if (HasScale)
    for (int i = 0; i < 64; ++i) dscale[blockIdx.x * 64 * 32 + threadIdx.x + i * 32] = dscale_sum[i];
}

void launch_row_backward(const float *dy, const float *scale, float *dx, float *dscale, int rows, int cols) {
  row_backward<false><<<rows, 32>>>(dy, scale, dx, dscale, cols);
}
