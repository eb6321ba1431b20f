// nvcc warns about narrowing inside braces (#2361-D) and compiles the file.
struct coord { int r, c; };
__global__ void k(float *x, unsigned rows) {
  unsigned r = blockIdx.x;
  coord at = {r, static_cast<int>(threadIdx.x)};  // unsigned -> int, not a constant
  if (at.r < static_cast<int>(rows)) x[at.r * 32 + at.c] *= 2.0f;
}
void launch(float *x, unsigned rows) { k<<<rows, 32>>>(x, rows); }
