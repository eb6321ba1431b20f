// The same device-only constructor called from a plain host function:
// nvcc rejects it too ("calling a __device__ function from a __host__
// function is not allowed").
struct ProblemInfo {
  int problem_idx;
  int problem_start;
  __device__ ProblemInfo(int idx, int start) : problem_idx(idx), problem_start(start) {}
};

__global__ void grouped_tiles(const int *starts, int *problem_of_tile) {
  const ProblemInfo info(blockIdx.x, starts[blockIdx.x]);
  problem_of_tile[info.problem_start + threadIdx.x] = info.problem_idx;
}

void precompute(const int *tile_counts, int problems, ProblemInfo *out) {
  int start = 0;
  for (int p = 0; p < problems; ++p) {
    out[p] = ProblemInfo(p, start);
    start += tile_counts[p];
  }
}
