// The launcher checks that the size is a multiple, or launches the tail:
// the division rounds down on purpose.
#include <cassert>

__global__ void copyVec4(float4 *dst, const float4 *src) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dst[i] = src[i];
}

__global__ void copyTail(float *dst, const float *src, int start) {
  dst[start + threadIdx.x] = src[start + threadIdx.x];
}

void launchChecked(float4 *dst, const float4 *src, int n) {
  assert(n % 128 == 0);
  copyVec4<<<n / 128, 128>>>(dst, src);
}

void launchWithTail(float *dst, const float *src, int n) {
  copyVec4<<<n / 128, 128>>>((float4 *)dst, (const float4 *)src);
  if (n % 128) copyTail<<<1, n % 128>>>(dst, src, n / 128 * 128);
}

// The size is padded to a multiple of the divisor before the launch.
void launchPadded(float4 *dst, const float4 *src, int n) {
  int padded;
  padded = (n + 127) / 128 * 128;
  const int rows = n / 128 * 128;
  copyVec4<<<padded / 128, 128>>>(dst, src);
  copyVec4<<<rows / 128, 128>>>(dst, src);
}

// A structured binding in the launcher (its names are not identifiers of
// one declaration): read past, not matched.
struct Shape2 {
  int rows, cols;
};

void launchFromShape(float4 *dst, const float4 *src, Shape2 shape) {
  auto [rows, cols] = shape;
  assert(rows % 128 == 0);
  copyVec4<<<rows / 128, 128>>>(dst, src);
}

// A check by a multiple of the divisor (rows of 16 launched 8 per block),
// inside a check macro the file's headers define.
#define CHECK_ARG(cond, message) assert((cond) && message)

void launchRowsOfSixteen(float4 *dst, const float4 *src, int num_rows) {
  CHECK_ARG(num_rows % 16 == 0, "rows come in groups of 16");
  copyVec4<<<num_rows / 8, 128>>>(dst, src);
}
