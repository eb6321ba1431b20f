// A running state updated at the top of each pass (read, then written) and a
// row normalised later in the pass: `state` is last used before `row` is
// first written, but the next pass reads what this one left in it, so it is
// live around the whole loop, together with `row` (140 registers each).
__global__ void decay_and_normalise(const float *in, float *out, float decay, int steps) {
  float state[140];
#pragma unroll
  for (int i = 0; i < 140; ++i) state[i] = in[i * 128 + threadIdx.x];
  for (int step = 0; step < steps; ++step) {
    const float *x = in + (step + 1) * 140 * 128;
#pragma unroll
    for (int i = 0; i < 140; ++i) state[i] = state[i] * decay + x[i * 128 + threadIdx.x];
    float row[140];
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < 140; ++i) {
      row[i] = x[(i + 1) % 140 * 128 + threadIdx.x] * x[i * 128 + threadIdx.x];
      sum += row[i];
    }
    const float inv = 1.f / sum;
#pragma unroll
    for (int i = 0; i < 140; ++i) out[(step * 140 + i) * 128 + threadIdx.x] = row[139 - i] * inv;
  }
#pragma unroll
  for (int i = 0; i < 140; ++i) out[i * 128 + threadIdx.x] += state[i];
}

void launch_decay_and_normalise(const float *in, float *out, float decay, int steps) {
  decay_and_normalise<<<1, 128>>>(in, out, decay, steps);
}
