// The launcher's parameter type comes from a header that is not there:
// Clang keeps the grid's expressions without a type. Nothing is judged,
// and the file's other launches still are.
__global__ void chunkCumsum(float *x, int chunks) {
  x[blockIdx.x * 32 + threadIdx.x] += 1.f;
}

template <int ChunkSize>
void launchCumsum(float *x, const Problem &problem, cudaStream_t stream) {
  dim3 grid(problem.total_chunks, problem.heads / ChunkSize);
  chunkCumsum<<<grid, 32, 0, stream>>>(x, problem.total_chunks);
}

template void launchCumsum<32>(float *, const Problem &, cudaStream_t);

void launchFlat(float *x, int n) {
  chunkCumsum<<<n / 32, 32>>>(x, n / 32);
}
