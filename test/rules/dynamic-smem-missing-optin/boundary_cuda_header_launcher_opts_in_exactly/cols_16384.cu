// 16384 x 4 = 65536 bytes, opted in to exactly that by the dispatcher.
#include "softmax_launch.cuh"

void softmax_16384(const float *x, float *y, int rows, cudaStream_t stream) {
  dispatch_row_softmax<16384>(x, y, rows, stream);
}
