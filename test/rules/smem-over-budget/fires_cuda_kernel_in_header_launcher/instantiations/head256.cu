// 256 x 64 x 2 x 4 = 131072 bytes: fits on sm90 (232448 with the opt-in).
#include "../attention.cuh"

template void run_decode<256>(DecodeParams &params, cudaStream_t stream);
