// The compiler splits a shared aggregate accessed only at constant positions
// into one scalar per position, keeps a position only where it is stored with
// a run-time value and loaded, and places the pieces after the other
// variables; a scalar never stored with a run-time value disappears.
__global__ void flagThenBins(const int *keys, int *counts) {
  __shared__ char done[1];
  __shared__ double bins[64];
  if (threadIdx.x == 0) done[0] = keys[0] > 0;
  bins[threadIdx.x] = keys[1];
  __syncthreads();
  counts[threadIdx.x] = static_cast<int>(bins[threadIdx.x + 1]) + done[0];
}

__global__ void oneElementReadOnly(const float *in, float *out) {
  __shared__ char c[3];
  __shared__ float a[4];
  c[threadIdx.x] = in[2] > 0;
  if (threadIdx.x == 0) a[1] = in[0];
  __syncthreads();
  out[threadIdx.x] = a[1] + a[2] + c[threadIdx.x + 1];
}

__global__ void oneElementWriteOnly(const float *in, float *out) {
  __shared__ char c[3];
  __shared__ float a[4];
  c[threadIdx.x] = in[2] > 0;
  if (threadIdx.x == 0) {
    a[1] = in[0];
    a[3] = in[1];
  }
  __syncthreads();
  out[threadIdx.x] = a[1] + c[threadIdx.x + 1];
}

__global__ void scalarNeverStored(const float *in, float *out) {
  __shared__ char c[3];
  __shared__ float never;
  c[threadIdx.x] = in[2] > 0;
  __syncthreads();
  out[threadIdx.x] = never + c[threadIdx.x + 1];
}

__global__ void constantOnlyStore(const float *in, float *out) {
  __shared__ char c[3];
  __shared__ float a[4];
  c[threadIdx.x] = in[2] > 0;
  if (threadIdx.x == 0) a[1] = 5.0f;
  __syncthreads();
  out[threadIdx.x] = a[1] + c[threadIdx.x + 1];
}

__global__ void atomicKeepsWhole(const float *in, float *out) {
  __shared__ char c[3];
  __shared__ float a[4];
  c[threadIdx.x] = in[2] > 0;
  if (threadIdx.x == 0) a[2] = 0;
  __syncthreads();
  atomicAdd(&a[2], in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = a[2] + c[threadIdx.x + 1];
}

__global__ void splitAfterWhole(const float *in, float *out) {
  __shared__ char c[3];
  __shared__ double d[4];
  __shared__ char e[3];
  c[threadIdx.x] = in[2] > 0;
  e[threadIdx.x] = in[3] > 0;
  if (threadIdx.x == 0) {
    d[0] = in[0];
    d[3] = in[1];
  }
  __syncthreads();
  out[threadIdx.x] = d[0] + d[3] + c[threadIdx.x + 1] + e[threadIdx.x + 1];
}

struct Mixed { float x; double y; int z; };

__global__ void structFields(const float *in, float *out) {
  __shared__ char c[3];
  __shared__ Mixed m;
  __shared__ float grid[4][4];
  c[threadIdx.x] = in[2] > 0;
  if (threadIdx.x == 0) {
    m.x = in[0];
    m.z = static_cast<int>(in[1]);
    grid[1][2] = in[3];
  }
  __syncthreads();
  out[threadIdx.x] = m.x + m.z + grid[1][2] + c[threadIdx.x + 1];
}

__global__ void largeArrayConstantIndices(const float *in, float *out) {
  __shared__ float partial[1024];
  if (threadIdx.x == 0) {
    partial[0] = in[0];
    partial[1023] = in[1];
  }
  __syncthreads();
  out[threadIdx.x] = partial[0] + partial[1023];
}
