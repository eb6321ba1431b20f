// Dequantisation for several bit widths, one loop after the other: each loop
// body keeps its own unpacked values, and no two bodies are live together
// (each needs 160 registers; the sum would be 480).
__global__ void dequant_mixed(const unsigned *packed, float *out, int groups4, int groups8) {
  const unsigned *p = packed + blockIdx.x * 64;
  float *o = out + blockIdx.x * 1024;
  for (int g = 0; g < groups4; ++g) {
    float values4[160];
#pragma unroll
    for (int i = 0; i < 160; ++i) values4[i] = float((p[i / 8] >> (4 * (i % 8))) & 0xf);
#pragma unroll
    for (int i = 0; i < 160; ++i) o[g * 160 + i] = values4[159 - i];
  }
  for (int g = 0; g < groups8; ++g) {
    float values8[160];
#pragma unroll
    for (int i = 0; i < 160; ++i) values8[i] = float((p[i / 4] >> (8 * (i % 4))) & 0xff);
#pragma unroll
    for (int i = 0; i < 160; ++i) o[g * 160 + i] += values8[159 - i];
  }
  float values2[160];
#pragma unroll
  for (int i = 0; i < 160; ++i) values2[i] = float((p[i / 16] >> (2 * (i % 16))) & 0x3);
#pragma unroll
  for (int i = 0; i < 160; ++i) o[i] *= values2[159 - i];
}

void launch_dequant_mixed(const unsigned *packed, float *out, int blocks, int groups4, int groups8) {
  dequant_mixed<<<blocks, 128>>>(packed, out, groups4, groups8);
}
