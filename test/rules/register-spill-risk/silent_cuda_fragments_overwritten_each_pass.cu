// One warp per 16 query rows, 128 keys per pass: each pass loads the K
// fragments with ldmatrix and reads them for S = Q K^T, then loads the V
// fragments and reads them for O += P V. The loader's asm only writes its
// output, so each pass overwrites both arrays before reading them: they are
// never live together (128 registers each; 240 live at most).
#include <cstdint>

__device__ inline void ldmatrix_x2(uint32_t regs[2], uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
               : "=r"(regs[0]), "=r"(regs[1])
               : "r"(addr));
}

__device__ inline void mma_m16n8k16(const uint32_t a[4], const uint32_t b[2], float d[4]) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

__device__ inline uint32_t pack_bf16(float lo, float hi) {
  uint32_t packed;
  asm("cvt.rn.bf16x2.f32 %0, %2, %1;" : "=r"(packed) : "f"(lo), "f"(hi));
  return packed;
}

constexpr int kBlockKV = 128, kDim = 64;

__global__ void attention_fwd(const uint32_t *q_frags, float *out, int num_kv_blocks) {
  extern __shared__ uint32_t smem[];
  const uint32_t k_smem = static_cast<uint32_t>(__cvta_generic_to_shared(smem)) + threadIdx.x % 8 * 16;
  const uint32_t v_smem = k_smem + kBlockKV * kDim * 2;
  uint32_t q_frag[kDim / 16][4];
  uint32_t k_frag[kBlockKV / 8][kDim / 16][2];
  uint32_t p_frag[kBlockKV / 16][4];
  uint32_t v_frag[kBlockKV / 16][kDim / 8][2];
  float o_acc[kDim / 8][4] = {};
#pragma unroll
  for (int d = 0; d < kDim / 16; ++d)
#pragma unroll
    for (int r = 0; r < 4; ++r) q_frag[d][r] = q_frags[(blockIdx.x * 32 + threadIdx.x) * 16 + d * 4 + r];

  for (int kv = 0; kv < num_kv_blocks; ++kv) {
    float s_acc[kBlockKV / 8][4] = {};
#pragma unroll
    for (int n = 0; n < kBlockKV / 8; ++n)
#pragma unroll
      for (int d = 0; d < kDim / 16; ++d) ldmatrix_x2(k_frag[n][d], k_smem + (n * 8 * kDim + d * 16) * 2);
#pragma unroll
    for (int n = 0; n < kBlockKV / 8; ++n)
#pragma unroll
      for (int d = 0; d < kDim / 16; ++d) mma_m16n8k16(q_frag[d], k_frag[n][d], s_acc[n]);
#pragma unroll
    for (int n = 0; n < kBlockKV / 16; ++n) {
      p_frag[n][0] = pack_bf16(__expf(s_acc[2 * n][0]), __expf(s_acc[2 * n][1]));
      p_frag[n][1] = pack_bf16(__expf(s_acc[2 * n][2]), __expf(s_acc[2 * n][3]));
      p_frag[n][2] = pack_bf16(__expf(s_acc[2 * n + 1][0]), __expf(s_acc[2 * n + 1][1]));
      p_frag[n][3] = pack_bf16(__expf(s_acc[2 * n + 1][2]), __expf(s_acc[2 * n + 1][3]));
    }
#pragma unroll
    for (int n = 0; n < kBlockKV / 16; ++n)
#pragma unroll
      for (int d = 0; d < kDim / 8; ++d) ldmatrix_x2(v_frag[n][d], v_smem + (n * 16 * kDim + d * 8) * 2);
#pragma unroll
    for (int n = 0; n < kBlockKV / 16; ++n)
#pragma unroll
      for (int d = 0; d < kDim / 8; ++d) mma_m16n8k16(p_frag[n], v_frag[n][d], o_acc[d]);
  }
#pragma unroll
  for (int d = 0; d < kDim / 8; ++d)
#pragma unroll
    for (int r = 0; r < 4; ++r) out[(blockIdx.x * 32 + threadIdx.x) * 32 + d * 4 + r] = o_acc[d][r];
}

void launch_attention_fwd(const uint32_t *q_frags, float *out, int num_kv_blocks, int blocks) {
  attention_fwd<<<blocks, 32, 2 * kBlockKV * kDim * 2>>>(q_frags, out, num_kv_blocks);
}
