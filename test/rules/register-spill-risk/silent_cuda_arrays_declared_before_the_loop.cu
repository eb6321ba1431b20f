// Both per-pass arrays declared before the loop, as C-style kernels do: each
// pass writes `scaled` before reading it and reads it no more once `row` is
// first written, so the two (140 registers each) are never live together.
__global__ void scale_then_normalise(const float *in, float *out, float scale, int steps) {
  float scaled[140];
  float row[140];
  for (int step = 0; step < steps; ++step) {
    const float *x = in + step * 140 * 128;
#pragma unroll
    for (int i = 0; i < 140; ++i) scaled[i] = x[i * 128 + threadIdx.x] * scale;
    float peak = 0.f;
#pragma unroll
    for (int i = 0; i < 140; ++i) peak = fmaxf(peak, scaled[i] * scaled[139 - i]);
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < 140; ++i) {
      row[i] = x[(i + 1) % 140 * 128 + threadIdx.x] * peak;
      sum += row[i];
    }
    const float inv = 1.f / sum;
#pragma unroll
    for (int i = 0; i < 140; ++i) out[(step * 140 + i) * 128 + threadIdx.x] = row[139 - i] * inv;
  }
}

void launch_scale_then_normalise(const float *in, float *out, float scale, int steps) {
  scale_then_normalise<<<1, 128>>>(in, out, scale, steps);
}
