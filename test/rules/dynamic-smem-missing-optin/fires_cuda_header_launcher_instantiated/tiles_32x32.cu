// (32 x 256 + 256 x 32) x 4 = 65536 bytes: over the 48 KiB default, and the
// launcher never calls cudaFuncSetAttribute.
#include "gemm_launch.cuh"

template void launch_splitk_gemm<32, 32, 256>(const float *, const float *, float *, int, int, int, cudaStream_t);
