// Shared-memory bandwidth probes write vector stores in inline asm; nvcc 13
// accepts operands with the comma between two of them left out, as this
// file writes them (the address, then the four registers).
#include <cstdint>

template <int ROUND>
__global__ void smem_store_bandwidth(const int4 *in, uint32_t *cycles) {
  __shared__ int4 buffer[ROUND * 32];
  const uint32_t smem_addr = static_cast<uint32_t>(__cvta_generic_to_shared(buffer + threadIdx.x));
  const int4 reg = in[threadIdx.x];
  uint32_t start, stop;
  asm volatile("bar.sync 0;\n"
               "mov.u32 %0, %%clock;\n"
               : "=r"(start) : : "memory");
#pragma unroll
  for (int i = 0; i < ROUND; ++i) {
    asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};\n"
                 :
                 : "r"(smem_addr + i * 32 * (uint32_t)sizeof(int4))
                   "r"(reg.x), "r"(reg.y), "r"(reg.z), "r"(reg.w)
                 : "memory");
  }
  uint32_t lane, warp;
  asm volatile("bar.sync 0;\n"
               "mov.u32 %0, %%clock;\n"
               "mov.u32 %1, %%laneid;\n"
               "mov.u32 %2, %%warpid;\n"
               : "=r"(stop) "=r"(lane) "=r"(warp) : : "memory");
  if (lane == 0 && warp == 0) cycles[blockIdx.x] = stop - start;
}

template __global__ void smem_store_bandwidth<8>(const int4 *, uint32_t *);
