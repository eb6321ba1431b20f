// silent_cuda_arrays_declared_before_the_loop.cu with `scaled` rewritten only
// every other pass: the passes between read what the one before left, so it
// is live around the whole loop, together with `row` (140 registers each).
__global__ void scale_every_other_pass(const float *in, float *out, float scale, int steps) {
  float scaled[140];
  float row[140];
  for (int step = 0; step < steps; ++step) {
    const float *x = in + step * 140 * 128;
#pragma unroll
    for (int i = 0; i < 140; ++i)
      if (step % 2 == 0) scaled[i] = x[i * 128 + threadIdx.x] * scale;
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

void launch_scale_every_other_pass(const float *in, float *out, float scale, int steps) {
  scale_every_other_pass<<<1, 128>>>(in, out, scale, steps);
}
