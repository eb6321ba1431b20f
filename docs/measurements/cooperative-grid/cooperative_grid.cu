// How many blocks a cooperative launch accepts, measured on the GPU, for the
// kernels of grid-size-invalid's cooperative fixtures: each line prints the
// grid and the error the runtime returns. btlint's claim for both kernels:
// 48 KiB of static shared memory and 256 threads let 4 blocks share an sm90
// SM, 528 over the H200's 132 SMs. Built and run by run.sh on the device
// machine; results.txt is its output.
#include <cstdio>
#include <cuda_runtime.h>

#define launch launch_reduce_all
#include "../../../test/rules/grid-size-invalid/fires_cooperative_grid_over_resident_blocks.cu"
#undef launch
#define launch launch_scale_all
#include "../../../test/rules/grid-size-invalid/boundary_cooperative_grid_at_resident_blocks.cu"
#undef launch

static void report(const char *kernel, unsigned grid, cudaError_t launched) {
  cudaError_t synced = cudaDeviceSynchronize();
  cudaError_t error = launched != cudaSuccess ? launched : synced;
  std::printf("%-10s cooperative grid %5u x 256 threads  %s\n", kernel, grid,
              error == cudaSuccess ? "ok" : cudaGetErrorName(error));
  cudaGetLastError();
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("device %s, sm_%d%d, %d SMs, cooperativeLaunch %d\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount, prop.cooperativeLaunch);
  const int n = 1 << 20;
  float *in, *partial, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&partial, 4096 * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));
  struct Kernel {
    const char *name;
    void *function;
  } kernels[] = {{"reduceAll", (void *)reduceAll}, {"scaleAll", (void *)scaleAll}};
  for (const Kernel &k : kernels) {
    cudaFuncAttributes attributes;
    cudaFuncGetAttributes(&attributes, k.function);
    int perSm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, k.function, 256, 0);
    std::printf("%-10s %d registers, %zu B static shared; occupancy API: %d blocks per SM, %d resident\n", k.name,
                attributes.numRegs, attributes.sharedSizeBytes, perSm, perSm * prop.multiProcessorCount);
    const unsigned resident = static_cast<unsigned>(perSm * prop.multiProcessorCount);
    for (unsigned grid : {resident, resident + 1, 1024u}) {
      cudaError_t launched;
      if (k.function == (void *)reduceAll) {
        void *args[] = {&in, &partial, &out, (void *)&n};
        launched = cudaLaunchCooperativeKernel(k.function, dim3(grid), dim3(256), args, 0, 0);
      } else {
        void *args[] = {&in, (void *)&n};
        launched = cudaLaunchCooperativeKernel(k.function, dim3(grid), dim3(256), args, 0, 0);
      }
      report(k.name, grid, launched);
    }
  }
  return 0;
}
