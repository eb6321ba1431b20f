// 512 x 64 x 2 x 4 = 262144 bytes: over sm90's 232448 whatever the opt-in.
#include "../attention.cuh"

namespace {
void run_all(DecodeParams &params, cudaStream_t stream) { run_decode<512>(params, stream); }
} // namespace
