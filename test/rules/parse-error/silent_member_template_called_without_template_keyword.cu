// Attention-style helpers that call member templates of dependent objects
// without the `template` keyword (as a value, as a statement, on a
// temporary), and one `template` before a plain member:
// nvcc builds all of them (a warning, #946-D, for the last); Clang rejects
// each. They are not parse errors.
template <typename T> struct VecCast {
  template <int N> __device__ static T cast(const float *x) { return T(x[N]); }
  template <int N> __device__ static void cast(T *out, const float *x) { out[0] = T(x[N]); }
};

template <typename T, int THREADS> struct AdjacentDifference {
  T *scratch;
  __device__ explicit AdjacentDifference(T *storage) : scratch(storage) {}
  template <int ITEMS> __device__ void subtract_left(const T *in, T *out) const { out[ITEMS - 1] = in[0] - scratch[0]; }
};

struct SharedTile {
  float *data;
  template <int Offset> __device__ void store(float value) const { data[Offset + threadIdx.x] = value; }
  __device__ void store_128b(float value) const { data[threadIdx.x] = value; }
};

template <typename T, typename Tile>
__device__ T write_back(const float *x, const Tile &tile) {
  tile.template store_128b(x[0]);
  tile.store<32>(x[1]);
  T first;
  VecCast<T>::cast<0>(&first, x);
  T differences[4];
  AdjacentDifference<T, 32>(tile.data).subtract_left<4>(&first, differences);
  return VecCast<T>::cast<2>(x) + differences[3];
}

__global__ void epilogue(const float *x, float *out) {
  __shared__ float staging[64];
  SharedTile tile{staging};
  const float last = write_back<float>(x, tile);
  __syncthreads();
  out[threadIdx.x] = staging[threadIdx.x] + staging[threadIdx.x + 32] + last;
}
