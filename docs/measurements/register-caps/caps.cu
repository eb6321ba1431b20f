template <int N>
__device__ void body(const float *a, float *out) {
  float acc[N];
#pragma unroll
  for (int i = 0; i < N; ++i) acc[i] = a[threadIdx.x + i * 1024];
  for (int k = 0; k < 64; ++k) {
#pragma unroll
    for (int i = 0; i < N; ++i) acc[i] = acc[i] * acc[(i + 1) % N] + a[k];
  }
#pragma unroll
  for (int i = 0; i < N; ++i) out[threadIdx.x + i * 1024] = acc[i];
}
__global__ void __launch_bounds__(256, 1) lb256_1(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(256, 2) lb256_2(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(256, 3) lb256_3(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(256, 4) lb256_4(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(256, 5) lb256_5(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(256, 6) lb256_6(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(256, 8) lb256_8(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(128) lbt_128(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(192) lbt_192(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(320) lbt_320(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(384) lbt_384(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(512) lbt_512(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(640) lbt_640(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(768) lbt_768(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(1024) lbt_1024(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(96, 5) lbo_96(const float *a, float *o) { body<200>(a, o); }
__global__ void __launch_bounds__(160, 5) lbo_160(const float *a, float *o) { body<200>(a, o); }
__global__ void __maxnreg__(24) mn_24(const float *a, float *o) { body<200>(a, o); }
__global__ void __maxnreg__(32) mn_32(const float *a, float *o) { body<200>(a, o); }
__global__ void __maxnreg__(40) mn_40(const float *a, float *o) { body<200>(a, o); }
__global__ void __maxnreg__(64) mn_64(const float *a, float *o) { body<200>(a, o); }
__global__ void __maxnreg__(100) mn_100(const float *a, float *o) { body<200>(a, o); }
__global__ void __maxnreg__(128) mn_128(const float *a, float *o) { body<200>(a, o); }
