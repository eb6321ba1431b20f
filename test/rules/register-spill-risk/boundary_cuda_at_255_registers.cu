// At the rule's limit: arrays that alone need more than 255 registers. 255
// floats are not reported (ptxas -v: 255 registers, 24 bytes of stack for the
// rest), 256 are (32 bytes); __launch_bounds__(256) leaves 256 per thread.
template <int ELEMENTS>
__global__ void __launch_bounds__(256) keep(const float *in, float *out) {
  float values[ELEMENTS];
  for (int i = 0; i < ELEMENTS; ++i) values[i] = in[threadIdx.x * ELEMENTS + i];
  for (int i = 0; i < ELEMENTS; ++i) out[threadIdx.x * ELEMENTS + i] = values[ELEMENTS - 1 - i] * 2.0f;
}

void launchKeep(const float *in, float *out) {
  keep<255><<<64, 256>>>(in, out);
  keep<256><<<64, 256>>>(in, out);
}
