// Each thread writes two neighbouring elements, so a block of 256 threads
// covers 512; the grid gives each block 1024.
__global__ void addPairs(float *out, const float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x * 2 + threadIdx.x * 2;
  if (i + 1 < n) {
    out[i] = a[i] + b[i];
    out[i + 1] = a[i + 1] + b[i + 1];
  }
}

void launchAddPairs(float *out, const float *a, const float *b, int n) {
  addPairs<<<(n + 1023) / 1024, 256>>>(out, a, b, n);
}

// A 2-D tile: 16 x 16 threads, one element each, on a grid that steps rows
// by 32.
#define TILE 16

__global__ void scaleRows(float *m, const float *s, int rows, int cols) {
  int r = blockIdx.y * TILE + threadIdx.y;
  int c = blockIdx.x * TILE + threadIdx.x;
  if (r < rows && c < cols) m[r * cols + c] *= s[r];
}

void launchScaleRows(float *m, const float *s, int rows, int cols) {
  dim3 block(TILE, TILE);
  dim3 grid((cols + TILE - 1) / TILE, (rows + 31) / 32);
  scaleRows<<<grid, block>>>(m, s, rows, cols);
}
