// Config tables that are too short: two rows for a plain kernel (three
// needed), four rows for a tensor-core kernel (six needed).
struct ScaleConfig {
  int block, items;
};

constexpr ScaleConfig kScaleConfigs[] = {
    {256, 4},
    {512, 2},
};

template <int BLOCK, int ITEMS>
__global__ void __launch_bounds__(BLOCK) scale(const float *in, float *out, float alpha) {
  for (int i = 0; i < ITEMS; ++i) {
    const int index = (blockIdx.x * ITEMS + i) * BLOCK + threadIdx.x;
    out[index] = alpha * in[index];
  }
}

struct MmaConfig {
  int BM, BN, BK;
};

constexpr MmaConfig kMmaConfigs[] = {
    {128, 128, 32},
    {128, 64, 32},
    {64, 128, 32},
    {64, 64, 64},
};

template <int BM, int BN, int BK>
__global__ void mmaGemm(const unsigned *A, const unsigned *B, float *C) {
  __shared__ unsigned As[BM * BK / 2];
  __shared__ unsigned Bs[BK * BN / 2];
  As[threadIdx.x] = A[threadIdx.x];
  Bs[threadIdx.x] = B[threadIdx.x];
  __syncthreads();
  float d0 = 0.0f, d1 = 0.0f, d2 = 0.0f, d3 = 0.0f;
  const unsigned a0 = As[threadIdx.x % (BM * BK / 2)], b0 = Bs[threadIdx.x % (BK * BN / 2)];
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a0), "r"(b0));
  C[threadIdx.x] = d0 + d1 + d2 + d3;
}

template <int I>
void runScale(const float *in, float *out, int n) {
  constexpr ScaleConfig c = kScaleConfigs[I];
  scale<c.block, c.items><<<n / (c.block * c.items), c.block>>>(in, out, 2.0f);
}

template <int I>
void runGemm(const unsigned *A, const unsigned *B, float *C) {
  mmaGemm<kMmaConfigs[I].BM, kMmaConfigs[I].BN, kMmaConfigs[I].BK><<<1, 128>>>(A, B, C);
}

void tune(const float *in, float *out, int n, const unsigned *A, const unsigned *B, float *C) {
  runScale<0>(in, out, n);
  runScale<1>(in, out, n);
  runGemm<0>(A, B, C);
  runGemm<1>(A, B, C);
  runGemm<2>(A, B, C);
  runGemm<3>(A, B, C);
}
