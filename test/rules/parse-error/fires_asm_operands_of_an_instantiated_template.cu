#include <cstdint>
// silent_asm_operands_of_a_template_nothing_instantiates.cu with the helper
// called from a kernel: instantiated, its asm's inputs written where the
// outputs go are an error for nvcc too.
template <typename T>
__device__ __forceinline__ void store_matrix_x4(uint32_t *fragment, T *shared_ptr) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
  const uint32_t address = static_cast<uint32_t>(__cvta_generic_to_shared(shared_ptr));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n"
               : "r"(address), "r"(fragment[0]), "r"(fragment[1]), "r"(fragment[2]), "r"(fragment[3]));
#endif
}

__global__ void scale(float *x, float a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
  __shared__ uint16_t tile[64];
  uint32_t frag[4] = {};
  store_matrix_x4(frag, tile);
}

void launch_scale(float *x, float a, int n) { scale<<<(n + 255) / 256, 256>>>(x, a, n); }
