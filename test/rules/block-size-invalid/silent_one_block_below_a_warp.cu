// Latency probes time a chain of dependent loads with one small block:
// the partial warp is the point, and no other block could use its lanes.
#define PROBE_THREADS 16

__global__ __launch_bounds__(PROBE_THREADS, 1) void smem_latency(unsigned *ret, unsigned *cycles) {
  __shared__ unsigned chain[PROBE_THREADS];
  chain[threadIdx.x] = (threadIdx.x + 1) % PROBE_THREADS;
  __syncthreads();
  unsigned next = threadIdx.x;
  const long long start = clock64();
  for (int i = 0; i < 64; ++i) next = chain[next];
  const long long stop = clock64();
  ret[threadIdx.x] = next;
  if (threadIdx.x == 0) *cycles = static_cast<unsigned>(stop - start);
}

// A serial step over a short list: one block of 31 threads, one per entry.
__global__ void prefix_offsets(const int *counts, int *offsets) {
  int sum = 0;
  for (int i = 0; i <= threadIdx.x; ++i) sum += counts[i];
  offsets[threadIdx.x] = sum;
}

void timeSharedMemory(unsigned *ret, unsigned *cycles, const int *counts, int *offsets) {
  smem_latency<<<1, PROBE_THREADS>>>(ret, cycles); // warm-up
  smem_latency<<<1, PROBE_THREADS>>>(ret, cycles);
  prefix_offsets<<<dim3(1, 1, 1), 31>>>(counts, offsets);
}
