// build-flags: -DENABLE_FP8
#include "include/row_norm.cuh"

void row_sum_of_squares_launch(const PackType<__half, 8> *rows, float *out, int n_rows, int packs) {
  row_sum_of_squares<256><<<n_rows, 256>>>(rows, out, packs);
}
