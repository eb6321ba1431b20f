#include "cuda/CudaBuiltinHeaders.h"

namespace btlint::cuda {
namespace {

// Vector type alignments follow CUDA's vector_types.h: two- and four-element
// types are aligned to their size (capped at 16), three-element ones are not,
// so shared arrays of them lay out as ptxas lays them out.
constexpr std::string_view kBuiltins = R"cuda(#pragma once
// btlint: minimal CUDA declarations (no CUDA toolkit was found).
#define __BTLINT_CUDA_BUILTINS__ 1
#define __CUDACC__ 1
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
// Clang has no such attribute; the model reads the text (CudaModelExtractor).
#define __maxnreg__(n)
#define __grid_constant__ __attribute__((grid_constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __device_builtin__
#define CUDART_CB
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_INF __builtin_huge_val()

typedef __SIZE_TYPE__ size_t;
// Clang's cuda_wrappers/new (reached through any C++ standard header) calls
// ::malloc and ::free, which nvcc's headers bring in.
#include <stdlib.h>

#define __BTLINT_VEC(T, N, A2, A4)                                                              \
  struct N##1 { T x; };                                                                          \
  struct __attribute__((aligned(A2))) N##2 { T x, y; };                                          \
  struct N##3 { T x, y, z; };                                                                    \
  struct __attribute__((aligned(A4))) N##4 { T x, y, z, w; };                                    \
  __host__ __device__ inline N##1 make_##N##1(T x) { return {x}; }                               \
  __host__ __device__ inline N##2 make_##N##2(T x, T y) { return {x, y}; }                       \
  __host__ __device__ inline N##3 make_##N##3(T x, T y, T z) { return {x, y, z}; }               \
  __host__ __device__ inline N##4 make_##N##4(T x, T y, T z, T w) { return {x, y, z, w}; }
__BTLINT_VEC(signed char, char, 2, 4)
__BTLINT_VEC(unsigned char, uchar, 2, 4)
__BTLINT_VEC(short, short, 4, 8)
__BTLINT_VEC(unsigned short, ushort, 4, 8)
__BTLINT_VEC(int, int, 8, 16)
__BTLINT_VEC(unsigned int, uint, 8, 16)
__BTLINT_VEC(long, long, 16, 16)
__BTLINT_VEC(unsigned long, ulong, 16, 16)
__BTLINT_VEC(long long, longlong, 16, 16)
__BTLINT_VEC(unsigned long long, ulonglong, 16, 16)
__BTLINT_VEC(float, float, 8, 16)
__BTLINT_VEC(double, double, 16, 16)
#undef __BTLINT_VEC

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

// Runtime API types and calls.
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
                 cudaErrorInvalidConfiguration = 9 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
                      cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
};
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2,
                     cudaFuncCachePreferEqual = 3 };
enum cudaDeviceAttr { cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxSharedMemoryPerBlock = 8,
                      cudaDevAttrMultiProcessorCount = 16, cudaDevAttrComputeCapabilityMajor = 75,
                      cudaDevAttrComputeCapabilityMinor = 76, cudaDevAttrMaxSharedMemoryPerBlockOptin = 97 };
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock, sharedMemPerBlockOptin, sharedMemPerMultiprocessor;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
  int major, minor, multiProcessorCount, maxThreadsPerMultiProcessor, l2CacheSize;
};
struct cudaFuncAttributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, maxDynamicSharedSizeBytes;
};
enum cudaLaunchAttributeID { cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeClusterDimension = 4 };
struct cudaLaunchAttribute {
  enum cudaLaunchAttributeID id;
  union { struct { unsigned int x, y, z; } clusterDim; int pad[16]; } val;
};
struct cudaLaunchConfig_t {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
};

extern "C" {
__host__ unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                              struct CUstream_st *stream = 0);
__host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
__host__ cudaError_t cudaMalloc(void **ptr, size_t size);
__host__ cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned int flags = 1);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
__host__ cudaError_t cudaFree(void *ptr);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset = 0,
                                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemset(void *ptr, int value, size_t count);
__host__ cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count, cudaStream_t stream = 0);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t error);
__host__ const char *cudaGetErrorName(cudaError_t error);
__host__ cudaError_t cudaSetDevice(int device);
__host__ cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaGetDeviceCount(int *count);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
__host__ cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *stream);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t event);
__host__ cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
__host__ cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config);
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                                 size_t sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                                   int blockSize, size_t dynamicSMemSize);
}

template <class T> __host__ cudaError_t cudaMalloc(T **ptr, size_t size) { return cudaMalloc((void **)ptr, size); }
template <class T> __host__ cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value) {
  return cudaFuncSetAttribute((const void *)func, attr, value);
}
template <class T> __host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func) {
  return cudaFuncGetAttributes(attr, (const void *)func);
}
template <class T>
__host__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0,
                                      cudaStream_t stream = 0) {
  return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T>
__host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class... KernelArgs, class... Args>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(KernelArgs...),
                                        Args &&...args);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize,
                                                                   size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func, blockSize,
                                                       dynamicSMemSize);
}

// Half and bfloat16: storage plus conversions, so arithmetic goes through float.
struct __half {
  unsigned short __x;
  __half() = default;
  __host__ __device__ __half(float f);
  __host__ __device__ __half(double f);
  __host__ __device__ __half(int i);
  __host__ __device__ operator float() const;
};
struct __align__(4) __half2 { __half x, y; };
struct __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(float f);
  __host__ __device__ __nv_bfloat16(double f);
  __host__ __device__ __nv_bfloat16(int i);
  __host__ __device__ operator float() const;
};
struct __align__(4) __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
__host__ __device__ __half __float2half(float f);
__host__ __device__ float __half2float(__half h);
__host__ __device__ __nv_bfloat16 __float2bfloat16(float f);
__host__ __device__ float __bfloat162float(__nv_bfloat16 h);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ __half2 __float2half2_rn(float a);
__device__ __half __hadd(__half a, __half b);
__device__ __half __hmul(__half a, __half b);
__device__ __half __hfma(__half a, __half b, __half c);

// Device intrinsics.
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ int __any_sync(unsigned mask, int predicate);
__device__ int __all_sync(unsigned mask, int predicate);
__device__ unsigned __activemask(void);
#define __BTLINT_SHFL(T)                                                                        \
  __device__ T __shfl_sync(unsigned mask, T var, int lane, int width = 32);                    \
  __device__ T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32);           \
  __device__ T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32);         \
  __device__ T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32);
__BTLINT_SHFL(int)
__BTLINT_SHFL(unsigned)
__BTLINT_SHFL(long long)
__BTLINT_SHFL(unsigned long long)
__BTLINT_SHFL(float)
__BTLINT_SHFL(double)
__BTLINT_SHFL(__half)
__BTLINT_SHFL(__half2)
__BTLINT_SHFL(__nv_bfloat16)
__BTLINT_SHFL(__nv_bfloat162)
#undef __BTLINT_SHFL
#define __BTLINT_ATOMICS(T)                                                                     \
  __device__ T atomicAdd(T *address, T val);                                                   \
  __device__ T atomicSub(T *address, T val);                                                   \
  __device__ T atomicExch(T *address, T val);                                                  \
  __device__ T atomicMin(T *address, T val);                                                   \
  __device__ T atomicMax(T *address, T val);                                                   \
  __device__ T atomicCAS(T *address, T compare, T val);                                        \
  __device__ T atomicAnd(T *address, T val);                                                   \
  __device__ T atomicOr(T *address, T val);                                                    \
  __device__ T atomicXor(T *address, T val);
__BTLINT_ATOMICS(int)
__BTLINT_ATOMICS(unsigned int)
__BTLINT_ATOMICS(unsigned long long)
#undef __BTLINT_ATOMICS
__device__ float atomicAdd(float *address, float val);
__device__ double atomicAdd(double *address, double val);
__device__ __half atomicAdd(__half *address, __half val);
__device__ __half2 atomicAdd(__half2 *address, __half2 val);
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val);
template <class T> __device__ T __ldg(const T *ptr);
template <class T> __device__ T __ldcs(const T *ptr);
template <class T> __device__ void __stcs(T *ptr, T value);
__device__ unsigned __cvta_generic_to_shared(const void *ptr);
__device__ long long clock64(void);
__device__ int clock(void);
__device__ int __popc(unsigned x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
__device__ int __mul24(int x, int y);
__device__ int __float2int_rn(float x);
__device__ unsigned __float_as_uint(float x);
__device__ float __uint_as_float(unsigned x);
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__host__ __device__ int min(int a, int b);
__host__ __device__ int max(int a, int b);
__host__ __device__ unsigned min(unsigned a, unsigned b);
__host__ __device__ unsigned max(unsigned a, unsigned b);
__host__ __device__ long long min(long long a, long long b);
__host__ __device__ long long max(long long a, long long b);
__host__ __device__ float min(float a, float b);
__host__ __device__ float max(float a, float b);
__host__ __device__ double min(double a, double b);
__host__ __device__ double max(double a, double b);

// Device math: declared for device code; host code keeps its own <cmath>.
#define __BTLINT_MATH1(name) __device__ float name##f(float); __device__ double name(double);
#define __BTLINT_MATH2(name) __device__ float name##f(float, float); __device__ double name(double, double);
__BTLINT_MATH1(sqrt) __BTLINT_MATH1(rsqrt) __BTLINT_MATH1(cbrt) __BTLINT_MATH1(exp) __BTLINT_MATH1(exp2)
__BTLINT_MATH1(expm1) __BTLINT_MATH1(log) __BTLINT_MATH1(log2) __BTLINT_MATH1(log10) __BTLINT_MATH1(log1p)
__BTLINT_MATH1(sin) __BTLINT_MATH1(cos) __BTLINT_MATH1(tan) __BTLINT_MATH1(asin) __BTLINT_MATH1(acos)
__BTLINT_MATH1(atan) __BTLINT_MATH1(sinh) __BTLINT_MATH1(cosh) __BTLINT_MATH1(tanh) __BTLINT_MATH1(erf)
__BTLINT_MATH1(erfc) __BTLINT_MATH1(fabs) __BTLINT_MATH1(floor) __BTLINT_MATH1(ceil) __BTLINT_MATH1(round)
__BTLINT_MATH1(trunc) __BTLINT_MATH1(rint)
__BTLINT_MATH2(pow) __BTLINT_MATH2(fmax) __BTLINT_MATH2(fmin) __BTLINT_MATH2(fmod) __BTLINT_MATH2(atan2)
__BTLINT_MATH2(hypot) __BTLINT_MATH2(copysign)
#undef __BTLINT_MATH1
#undef __BTLINT_MATH2
__device__ float fmaf(float, float, float);
__device__ double fma(double, double, double);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __powf(float, float);
__device__ float __fdividef(float, float);
__device__ float __frcp_rn(float);
__device__ float __fsqrt_rn(float);
__device__ float __saturatef(float);
__device__ void sincosf(float, float *, float *);
__device__ int isnan(float);
__device__ int isinf(float);
__device__ int isfinite(float);
)cuda";

// Toolkit header names that code includes; each brings in the declarations.
constexpr std::string_view kForwardingHeader = "#pragma once\n#include \"__btlint_cuda_builtins.h\"\n";

// Parsing with a toolkit: nvcc's cuda_runtime.h brings in its crt headers,
// which declare what Clang's CUDA wrapper leaves out. Code that builds with
// nvcc relies on them; without them Clang reports errors nvcc never does.
constexpr std::string_view kNvccCompat = R"cuda(#pragma once
// btlint: declarations nvcc's headers provide and Clang's CUDA wrapper does not.
#ifndef __BTLINT_NVCC_COMPAT__
#define __BTLINT_NVCC_COMPAT__ 1
// Clang defines these empty, nvcc as 1: headers test them by value
// (`#if __CUDACC__`, NCCL's device headers).
#undef __CUDACC__
#define __CUDACC__ 1
#ifdef __NVCC__
#undef __NVCC__
#define __NVCC__ 1
#endif
// crt/common_functions.h and crt/math_functions.h include these.
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// crt/math_functions.hpp: min and max callable from host code too (Clang
// declares them for device code only).
#define __BTLINT_MINMAX(R, A, B) __host__ R min(A, B); __host__ R max(A, B);
__BTLINT_MINMAX(int, int, int)
__BTLINT_MINMAX(unsigned int, unsigned int, unsigned int)
__BTLINT_MINMAX(unsigned int, int, unsigned int)
__BTLINT_MINMAX(unsigned int, unsigned int, int)
__BTLINT_MINMAX(long, long, long)
__BTLINT_MINMAX(unsigned long, unsigned long, unsigned long)
__BTLINT_MINMAX(unsigned long, long, unsigned long)
__BTLINT_MINMAX(unsigned long, unsigned long, long)
__BTLINT_MINMAX(long long, long long, long long)
__BTLINT_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__BTLINT_MINMAX(unsigned long long, long long, unsigned long long)
__BTLINT_MINMAX(unsigned long long, unsigned long long, long long)
__BTLINT_MINMAX(float, float, float)
__BTLINT_MINMAX(double, double, double)
__BTLINT_MINMAX(double, float, double)
__BTLINT_MINMAX(double, double, float)
#undef __BTLINT_MINMAX

// sm_32_intrinsics.h: the cache-hinted loads and stores Clang's
// __clang_cuda_intrinsics.h lacks (it has __ldcg, __ldcs, __ldcv, __stwt;
// its wrapper keeps sm_32_intrinsics.h itself out).
#define __BTLINT_CACHE_HINTS(T)                                                                    \
  __device__ T __ldlu(const T *); __device__ T __ldca(const T *);                                  \
  __device__ void __stcs(T *, T); __device__ void __stcg(T *, T); __device__ void __stwb(T *, T);
__BTLINT_CACHE_HINTS(char) __BTLINT_CACHE_HINTS(signed char) __BTLINT_CACHE_HINTS(unsigned char)
__BTLINT_CACHE_HINTS(short) __BTLINT_CACHE_HINTS(unsigned short)
__BTLINT_CACHE_HINTS(int) __BTLINT_CACHE_HINTS(unsigned int)
__BTLINT_CACHE_HINTS(long) __BTLINT_CACHE_HINTS(unsigned long)
__BTLINT_CACHE_HINTS(long long) __BTLINT_CACHE_HINTS(unsigned long long)
__BTLINT_CACHE_HINTS(float) __BTLINT_CACHE_HINTS(double)
__BTLINT_CACHE_HINTS(char2) __BTLINT_CACHE_HINTS(char4) __BTLINT_CACHE_HINTS(uchar2) __BTLINT_CACHE_HINTS(uchar4)
__BTLINT_CACHE_HINTS(short2) __BTLINT_CACHE_HINTS(short4) __BTLINT_CACHE_HINTS(ushort2) __BTLINT_CACHE_HINTS(ushort4)
__BTLINT_CACHE_HINTS(int2) __BTLINT_CACHE_HINTS(int4) __BTLINT_CACHE_HINTS(uint2) __BTLINT_CACHE_HINTS(uint4)
__BTLINT_CACHE_HINTS(longlong2) __BTLINT_CACHE_HINTS(ulonglong2)
__BTLINT_CACHE_HINTS(float2) __BTLINT_CACHE_HINTS(float4) __BTLINT_CACHE_HINTS(double2)
#undef __BTLINT_CACHE_HINTS
#endif
)cuda";

} // namespace

const std::vector<HeaderFile> &builtinHeaderFiles() {
  static const std::vector<HeaderFile> files = {
      {kBuiltinHeaderName, kBuiltins},
      {kNvccCompatHeaderName, kNvccCompat},
      {"cuda_runtime.h", kForwardingHeader},
      {"cuda_runtime_api.h", kForwardingHeader},
      {"cuda.h", kForwardingHeader},
      {"device_launch_parameters.h", kForwardingHeader},
      {"device_functions.h", kForwardingHeader},
      {"vector_types.h", kForwardingHeader},
      {"driver_types.h", kForwardingHeader},
      {"cuda_fp16.h", kForwardingHeader},
      {"cuda_bf16.h", kForwardingHeader},
  };
  return files;
}

} // namespace btlint::cuda
