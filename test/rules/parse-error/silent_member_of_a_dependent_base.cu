// A per-thread view over a tiled copy, in the style of CuTe's ThrMMA: the
// derived template calls its base's member without `this->`, on an argument
// of a dependent type, so the name is looked up when it is instantiated.
// nvcc's front end then finds it in the base; standard C++ asks for `this->`.
template <int kTile>
struct TiledRows {
  template <class Index>
  __device__ Index first_row(Index lane) const { return lane * (kTile / 32); }
  __device__ int rows_per_thread() const { return kTile / 32; }
};

template <class Tiled>
struct ThreadRows : Tiled {
  int lane;
  __device__ explicit ThreadRows(int l) : lane(l) {}
  template <class Index>
  __device__ Index begin(Index offset) const { return first_row(offset + lane); }
  __device__ int count() const { return this->rows_per_thread(); }
};

__global__ void copy_rows(const float *in, float *out, int rows, int cols) {
  ThreadRows<TiledRows<128>> view(threadIdx.x % 32);
  const int row0 = blockIdx.x * 128 + view.begin(0);
  for (int r = 0; r < view.count() && row0 + r < rows; ++r)
    for (int c = threadIdx.x / 32; c < cols; c += blockDim.x / 32) out[(row0 + r) * cols + c] = in[(row0 + r) * cols + c];
}

void launch_copy_rows(const float *in, float *out, int rows, int cols) {
  copy_rows<<<(rows + 127) / 128, 128>>>(in, out, rows, cols);
}
