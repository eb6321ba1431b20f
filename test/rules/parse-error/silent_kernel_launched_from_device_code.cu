// build-flags: -rdc=true
// Dynamic parallelism: a parent kernel launches a child grid per segment.
// Such code builds only with relocatable device code (-rdc=true, CMake's
// CUDA_SEPARABLE_COMPILATION), which its build passes; no parse error.
__global__ void sort_segment(int *data, int begin, int end) {
  const int i = begin + threadIdx.x;
  if (i + 1 < end && data[i] > data[i + 1]) {
    const int t = data[i];
    data[i] = data[i + 1];
    data[i + 1] = t;
  }
}

__global__ void sort_segments(int *data, const int *offsets, int segments) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < segments) sort_segment<<<1, 128>>>(data, offsets[s], offsets[s + 1]);
}

void run_sort_segments(int *data, const int *offsets, int segments) {
  sort_segments<<<(segments + 127) / 128, 128>>>(data, offsets, segments);
}
