// A kernel compiled by torch.utils.cpp_extension.load with
// extra_cuda_cflags=["-D_N_=64", "-D_CHUNK_LEN_=16"]: the file declares
// neither, and the array sized by `_N_` fails after it. nvcc with the
// build's flags accepts it; without them btlint says so once, as a note.
#include <cuda_bf16.h>

typedef __nv_bfloat16 bf;

__global__ void chunk_scan(int T, const bf *__restrict__ x, bf *__restrict__ y) {
  constexpr int C = _N_;
  __shared__ float state[C];
  int i = threadIdx.x;
  state[i] = 0.f;
  for (int t = 0; t < T; t += _CHUNK_LEN_) {
    __syncthreads();
    state[i] += __bfloat162float(x[t * C + i]);
    y[t * C + i] = __float2bfloat16(state[i]);
  }
}
