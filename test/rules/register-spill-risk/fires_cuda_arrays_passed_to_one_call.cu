// Pose gradients reduced over the block before one atomicAdd per block, as
// lidar and camera backward kernels do: the helper reads `partial` while it
// writes `total`, so both (14 doubles, 28 registers each) are live at the
// call: 56 registers, over the 48 that __launch_bounds__(256, 5) leaves
// (ptxas 13: 48 registers and spills).
constexpr int kTerms = 14;
constexpr int kThreads = 256;

template <typename T, int N>
__device__ void block_reduce(const T (&in)[N], T (&out)[N]) {
  __shared__ T staged[kThreads / 32][N];
#pragma unroll
  for (int i = 0; i < N; ++i) {
    T v = in[i];
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0) staged[threadIdx.x / 32][i] = v;
  }
  __syncthreads();
#pragma unroll
  for (int i = 0; i < N; ++i) {
    T v = 0;
#pragma unroll
    for (int w = 0; w < kThreads / 32; ++w) v += staged[w][i];
    out[i] = v * in[N - 1 - i];
  }
}

template <typename T>
__global__ void __launch_bounds__(kThreads, 5)
    pose_gradient(const T *rays, const T *grad_rays, T *grad_pose, T *grad_rays_in, long n) {
  const long row = static_cast<long>(blockIdx.x) * kThreads + threadIdx.x;
  const bool active = row < n;
  const T ox = active ? rays[row * 6 + 0] : T(0), oy = active ? rays[row * 6 + 1] : T(0);
  const T oz = active ? rays[row * 6 + 2] : T(0), dx = active ? rays[row * 6 + 3] : T(0);
  const T dy = active ? rays[row * 6 + 4] : T(0), dz = active ? rays[row * 6 + 5] : T(0);
  T partial[kTerms];
#pragma unroll
  for (int i = 0; i < kTerms; ++i)
    partial[i] = active ? grad_rays[row * kTerms + i] * (i % 2 ? ox * dy - oy * dx : oz * dx - ox * dz) : T(0);
  T total[kTerms];
  block_reduce<T, kTerms>(partial, total);
  if (threadIdx.x == 0)
#pragma unroll
    for (int i = 0; i < kTerms; ++i) atomicAdd(&grad_pose[i], total[i]);
  if (active) {
    grad_rays_in[row * 6 + 0] = ox * total[0] + dy * total[1];
    grad_rays_in[row * 6 + 1] = oy * total[2] + dz * total[3];
    grad_rays_in[row * 6 + 2] = oz * total[4] + dx * total[5];
  }
}

void launch_pose_gradient(const double *rays, const double *grad_rays, double *grad_pose, double *grad_rays_in,
                          long n) {
  pose_gradient<double><<<(n + kThreads - 1) / kThreads, kThreads>>>(rays, grad_rays, grad_pose, grad_rays_in, n);
}
