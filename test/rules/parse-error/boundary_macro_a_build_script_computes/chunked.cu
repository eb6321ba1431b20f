// `_C_` comes from the build script, computed from the model's head size:
// without it, WARPS is no constant and every kernel reading it fails too.
// btlint says so once, as a note, and has no value to give `_C_`.
constexpr int WARPS = _C_ / 16;

__global__ void __launch_bounds__(_C_) chunk_state(const float *__restrict__ w, float *__restrict__ state, int T) {
  __shared__ float row[_C_];
  const int i = threadIdx.x;
  float s = 0.f;
  for (int t = 0; t < T; ++t) {
    row[i] = w[t * _C_ + i];
    __syncthreads();
    for (int j = 0; j < _C_; j += WARPS) s += row[j];
    __syncthreads();
  }
  state[blockIdx.x * _C_ + i] = s;
}
