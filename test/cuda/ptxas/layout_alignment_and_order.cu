// Static shared layouts whose totals depend on order and alignment padding.
__global__ void charThenDouble(const float *in, float *out) {
  __shared__ char flags[3];
  __shared__ double sums[5];
  flags[threadIdx.x] = in[0] > 0;
  sums[threadIdx.x] = in[1];
  __syncthreads();
  out[0] = flags[threadIdx.x + 1] + sums[threadIdx.x + 2];
}

__global__ void vectorAfterBytes(const float4 *in, float4 *out) {
  __shared__ char c[3];
  __shared__ float4 v[2];
  __shared__ char e[1];
  c[threadIdx.x] = in[0].x > 0;
  e[threadIdx.x] = in[0].y > 0;
  v[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[0] = v[threadIdx.x ^ 1];
  out[1].x = c[threadIdx.x + 1] + e[threadIdx.x];
}

struct alignas(16) Triple { float a[3]; };

__global__ void alignedStruct(const float *in, float *out) {
  __shared__ Triple triples[3];
  __shared__ char tag;
  __shared__ __align__(128) float wide[3];
  tag = in[0] > 0;
  triples[threadIdx.x].a[0] = in[1];
  wide[threadIdx.x] = in[2];
  __syncthreads();
  out[0] = triples[1].a[1] + tag + wide[threadIdx.x + 1];
}

__global__ void twoDimensional(const float *in, float *out) {
  __shared__ float tile[32][33];
  __shared__ unsigned short counts[7];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  counts[threadIdx.x] = static_cast<unsigned short>(in[1]);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y] + counts[threadIdx.y];
}
