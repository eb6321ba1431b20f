// btlint-test: --arch sm90
// At the thresholds: three rows for a plain kernel and six for a tensor-core
// kernel are enough; the table is matched to the kernel template whose
// parameter names its fields carry (no launch reads it).
struct CopyConfig {
  int block_size, vector_width;
};

constexpr CopyConfig kCopyConfigs[] = {{128, 4}, {256, 2}, {512, 1}};

template <int BLOCK_SIZE, int VECTOR_WIDTH>
__global__ void copy(const float *in, float *out) {
  for (int v = 0; v < VECTOR_WIDTH; ++v)
    out[(blockIdx.x * VECTOR_WIDTH + v) * BLOCK_SIZE + threadIdx.x] =
        in[(blockIdx.x * VECTOR_WIDTH + v) * BLOCK_SIZE + threadIdx.x];
}

struct MmaConfig {
  int BM, BN, BK;
};

constexpr MmaConfig kMmaConfigs[] = {
    {128, 128, 32}, {128, 64, 32}, {64, 128, 32}, {64, 64, 32}, {128, 128, 64}, {64, 64, 64},
};

template <int BM, int BN, int BK>
__global__ void mmaGemm(const unsigned *A, const unsigned *B, float *C) {
  float d0 = 0.0f, d1 = 0.0f, d2 = 0.0f, d3 = 0.0f;
  const unsigned a0 = A[threadIdx.x % (BM * BK)], b0 = B[threadIdx.x % (BK * BN)];
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a0), "r"(b0));
  C[threadIdx.x] = d0 + d1 + d2 + d3;
}

template __global__ void copy<128, 4>(const float *, float *);
template __global__ void mmaGemm<128, 128, 32>(const unsigned *, const unsigned *, float *);
