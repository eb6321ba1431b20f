// Output coordinates gathered per point into a per-thread buffer and handed
// on a point at a time as `coords + i * kDim`, with `i` up to a count only
// known at run time: an index by another name, so the buffer lives in local
// memory (ptxas -v: a 4 KiB stack frame), not in 1,024 registers.
constexpr int kDim = 4;

__device__ int expand_neighbours(const int *point, const int *kernel_size, int *coords) {
  int count = 0;
  for (int dx = 0; dx < kernel_size[0]; ++dx)
    for (int dy = 0; dy < kernel_size[1] && count < 256; ++dy, ++count) {
      coords[count * kDim + 0] = point[0];
      coords[count * kDim + 1] = point[1] + dx;
      coords[count * kDim + 2] = point[2] + dy;
      coords[count * kDim + 3] = point[3];
    }
  return count;
}

__device__ long long pack_coords(const int *c) {
  return ((long long)c[0] << 48) | ((long long)c[1] << 32) | ((long long)c[2] << 16) | c[3];
}

__global__ void output_coords(const int *points, const int *kernel_size, int *n_out, long long *out, int n_points) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n_points) return;
  int coords[256 * kDim];
  const int count = expand_neighbours(points + idx * kDim, kernel_size, coords);
  for (int i = 0; i < count; ++i) out[atomicAdd(n_out, 1)] = pack_coords(coords + i * kDim);
}

void launch_output_coords(const int *points, const int *kernel_size, int *n_out, long long *out, int n_points) {
  output_coords<<<(n_points + 127) / 128, 128>>>(points, kernel_size, n_out, out, n_points);
}
