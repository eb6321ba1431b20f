// Tables long enough for their kernels, and tables that configure no kernel:
// a lookup of integers, and a struct table no kernel reads.
struct ScaleConfig {
  int BLOCK, ITEMS;
};

constexpr ScaleConfig kScaleConfigs[] = {
    {128, 8},
    {256, 4},
    {512, 2},
    {1024, 1},
};

constexpr int kWaves[] = {1, 2};

struct Timing {
  int warmup, repeats;
};
constexpr Timing kTiming[] = {{10, 100}};

template <int BLOCK, int ITEMS>
__global__ void __launch_bounds__(BLOCK) scale(const float *in, float *out, float alpha) {
  for (int i = 0; i < ITEMS; ++i) {
    const int index = (blockIdx.x * ITEMS + i) * BLOCK + threadIdx.x;
    out[index] = alpha * in[index];
  }
}

template <int I>
void runScale(const float *in, float *out, int n) {
  scale<kScaleConfigs[I].BLOCK, kScaleConfigs[I].ITEMS>
      <<<kWaves[I % 2] * n / (kScaleConfigs[I].BLOCK * kScaleConfigs[I].ITEMS), kScaleConfigs[I].BLOCK>>>(in, out, 2.0f);
}

template void runScale<0>(const float *, float *, int);
template void runScale<1>(const float *, float *, int);
template void runScale<2>(const float *, float *, int);
template void runScale<3>(const float *, float *, int);
