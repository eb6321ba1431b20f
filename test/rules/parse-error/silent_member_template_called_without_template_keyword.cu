// Attention-style helpers that call member templates of dependent objects
// without the `template` keyword, and one `template` before a plain member:
// nvcc builds all of them (a warning, #946-D, for the last); Clang rejects
// each. They are not parse errors.
template <typename T> struct VecCast {
  template <int N> __device__ static T cast(const float *x) { return T(x[N]); }
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
  return VecCast<T>::cast<2>(x);
}

__global__ void epilogue(const float *x, float *out) {
  __shared__ float staging[64];
  SharedTile tile{staging};
  const float last = write_back<float>(x, tile);
  __syncthreads();
  out[threadIdx.x] = staging[threadIdx.x] + staging[threadIdx.x + 32] + last;
}
