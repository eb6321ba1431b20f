// A translation unit that makes the compiler front-end trap (Clang's own
// debugging pragma): the crash is contained to this file.
// btlint-test-skip-when-sanitized
#pragma clang __debug crash

__global__ void scale(float *x, float factor) { x[threadIdx.x] *= factor; }
