// __launch_bounds__(256, 3): three blocks of 8 warps are 24 warps, 6 on each
// of the SM's four schedulers, each with a quarter of the register file:
// 16384 / 6 = 2730 per warp, 2560 in units of 256, 80 per thread.
// The rule claims a spill only where the arrays alone exceed the cap: 81
// floats. (ptxas 13.0 spills 28 bytes at 80 as well: the loop's own values
// need registers too; the rule stays silent there.)
template <int N>
__global__ void __launch_bounds__(256, 3) scanTile(const float *in, float *out) {
  float acc[N];
  for (int i = 0; i < N; ++i) acc[i] = in[threadIdx.x * N + i];
  for (int i = 1; i < N; ++i) acc[i] += acc[i - 1];
  for (int i = 0; i < N; ++i) out[threadIdx.x * N + i] = acc[i];
}

void launch(const float *in, float *out) {
  scanTile<80><<<4, 256>>>(in, out);
  scanTile<81><<<4, 256>>>(in, out);
}
