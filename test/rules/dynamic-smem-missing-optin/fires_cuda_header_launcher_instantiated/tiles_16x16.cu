// (16 x 32 + 32 x 16) x 4 = 4096 bytes: under the default, no opt-in needed.
#include "gemm_launch.cuh"

template void launch_splitk_gemm<16, 16, 32>(const float *, const float *, float *, int, int, int, cudaStream_t);
