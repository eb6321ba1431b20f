// 128 x 64 x 2 x 4 = 65536 bytes of dynamic shared memory: fits with the opt-in.
#include "../attention.cuh"

template void run_decode<128>(DecodeParams &params, cudaStream_t stream);
