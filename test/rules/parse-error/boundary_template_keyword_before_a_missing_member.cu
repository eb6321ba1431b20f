// Called without `template`, a member template is accepted; a member that
// does not exist at all is an error to nvcc and Clang alike.
struct SharedTile {
  float *data;
  template <int Offset> __device__ void store(float value) const { data[Offset + threadIdx.x] = value; }
};

template <typename Tile>
__device__ void write_back(const float *x, const Tile &tile) {
  tile.store<32>(x[1]);
  tile.template stroe<32>(x[0]);
}

__global__ void epilogue(const float *x) {
  __shared__ float staging[64];
  SharedTile tile{staging};
  write_back(x, tile);
}
