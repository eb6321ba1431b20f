// btlint-test: --select internal-error,static-smem-over-48k
// btlint-test-skip-when-sanitized
#pragma clang __debug crash
__global__ void trapped(float *x) { x[threadIdx.x] = 0.0f; }
