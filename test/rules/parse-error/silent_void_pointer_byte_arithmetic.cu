// A paged cache hands out blocks as `void *` and the kernel steps through them
// in bytes (`block + bytes_per_token * token`). nvcc's front end, like GCC,
// reads arithmetic on `void *` as byte arithmetic and only warns (#1143-D);
// the file builds, so it is no parse error.
#include <cuda_fp16.h>

struct PagedCache {
  void **blocks;
  int tokens_per_block;
  int bytes_per_token;
  __device__ void *block_of(int token) const { return blocks[token / tokens_per_block]; }
};

__global__ void gather_tokens(PagedCache cache, const int *tokens, half *out, int head_dim) {
  const int token = tokens[blockIdx.x];
  const int slot = token % cache.tokens_per_block;
  const half *row = reinterpret_cast<const half *>(cache.block_of(token) + slot * cache.bytes_per_token);
  for (int i = threadIdx.x; i < head_dim; i += blockDim.x) out[blockIdx.x * head_dim + i] = row[i];
}

void gatherTokens(PagedCache cache, const int *tokens, half *out, int count, int head_dim) {
  gather_tokens<<<count, 128>>>(cache, tokens, out, head_dim);
}
