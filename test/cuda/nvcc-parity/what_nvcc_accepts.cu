// ptxas-agreement: sm90a
// Code that builds with nvcc and that Clang alone rejects: a dependent type
// name without `typename` where only a type fits, the macros nvcc predefines
// (__NVCC__, and __CUDA_ARCH_SPECIFIC__ for an arch-specific target), the
// value of __CUDACC__ and __NVCC__ (tested with `#if`, as NCCL's device
// headers do) and GCC's OpenMP header.
#include <omp.h>
#include <cuda_runtime.h>

#ifndef __NVCC__
#error "built by nvcc only"
#endif
#if !__CUDACC__ || !__NVCC__
#error "__CUDACC__ and __NVCC__ are 1"
#endif

template <typename T> struct Traits { using Accum = float; };

template <typename X, typename S> __device__ X convert(S value) { return X(value); }

template <typename T> __device__ float widen(T value) {
  return convert<Traits<T>::Accum>(value);
}

__global__ void scale(const int *in, float *out) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) && __CUDA_ARCH_SPECIFIC__ != 900
#error "sm_90a without __CUDA_ARCH_SPECIFIC__"
#endif
  out[threadIdx.x] = widen(in[threadIdx.x]);
}

void launch_scale(const int *in, float *out) { scale<<<1, 128>>>(in, out); }
