// Sampling-kernel helpers in the style of inference libraries: a static
// member template of a dependent class called as a statement, and CUB's
// `SubtractLeft<VEC_SIZE>` on a temporary, both without `template`, inside
// a function templated on unsigned sizes. nvcc builds them; Clang reads
// each `<` as a comparison. Not parse errors.
#include <cstddef>
#include <cub/block/block_adjacent_difference.cuh>

template <typename Dst, typename Src> struct vec_cast {
  template <size_t vec_size> __device__ static void cast(Dst *dst, const Src *src) {
    for (size_t i = 0; i < vec_size; ++i) dst[i] = Dst(src[i]);
  }
};

struct ScoreTraits {
  using DTypeQ = float;
  static constexpr int NUM_FRAGS = 2;
};

struct NotEqual {
  __device__ bool operator()(bool a, bool b) const { return a != b; }
};

template <typename KTraits, unsigned BLOCK_THREADS, unsigned VEC_SIZE>
__device__ void convert_and_mark(float *frag, const float *scores,
                                 typename cub::BlockAdjacentDifference<bool, BLOCK_THREADS>::TempStorage &storage) {
  for (int i = 0; i < KTraits::NUM_FRAGS; ++i) {
    vec_cast<typename KTraits::DTypeQ, float>::cast<8>(frag + 8 * i, scores + 8 * i);
  }
  bool greater[VEC_SIZE], changed[VEC_SIZE];
  for (unsigned j = 0; j < VEC_SIZE; ++j) greater[j] = frag[j] > 0.5f;
  cub::BlockAdjacentDifference<bool, BLOCK_THREADS>(storage)
      .SubtractLeft<VEC_SIZE>(greater, changed, NotEqual());
  frag[0] = changed[0] ? 1.f : 0.f;
}

__global__ void mark_changes(float *frag, const float *scores) {
  __shared__ typename cub::BlockAdjacentDifference<bool, 128>::TempStorage storage;
  convert_and_mark<ScoreTraits, 128, 4>(frag, scores, storage);
}
