// A grouped-GEMM scheduler builds its per-problem record with a device-only
// constructor, also from a host-side precompute step written as a member
// of the same class template. nvcc does not check the host/device side of
// calls in instantiated templates and compiles this file (nvcc 13, sm_90);
// Clang finds no viable constructor for the host call.
struct ProblemInfo {
  int problem_idx;
  int problem_start;
  __device__ ProblemInfo(int idx, int start) : problem_idx(idx), problem_start(start) {}
};

template <int TilesPerProblem>
struct ProblemVisitor {
  static void host_precompute(const int *tile_counts, int problems, ProblemInfo *out) {
    int start = 0;
    for (int p = 0; p < problems; ++p) {
      out[p] = ProblemInfo(p, start);
      start += tile_counts[p] * TilesPerProblem;
    }
  }

  __device__ static ProblemInfo at(int idx, int start) { return ProblemInfo(idx, start); }
};

__global__ void grouped_tiles(const int *starts, int *problem_of_tile) {
  const ProblemInfo info = ProblemVisitor<2>::at(blockIdx.x, starts[blockIdx.x]);
  problem_of_tile[info.problem_start + threadIdx.x] = info.problem_idx;
}

void precompute(const int *tile_counts, int problems, ProblemInfo *out) {
  ProblemVisitor<2>::host_precompute(tile_counts, problems, out);
}
