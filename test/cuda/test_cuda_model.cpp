// What the CUDA front-end puts into the model, one feature at a time. Each
// snippet runs with the installed toolkit when there is one and with btlint's
// own declarations otherwise, so the tests hold in both set-ups.
#include "CudaTestSupport.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace btlint;
using namespace btlint::test;

namespace {

int64_t intValue(const std::optional<ScalarValue> &value) {
  EXPECT_TRUE(value && value->isInt()) << (value ? value->str() : "no value");
  return value && value->isInt() ? value->asInt() : -1;
}

const LaunchSite *launchOf(const FileModel &model, const std::string &kernel) {
  for (const LaunchSite &launch : model.launches)
    if (launch.kernel == kernel) return &launch;
  return nullptr;
}

} // namespace

TEST(CudaModel, NonTemplateKernelWithStaticShared) {
  FileModel model = cudaModelOf(R"(
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
)");
  EXPECT_TRUE(model.parseProblems.empty());
  const Kernel *kernel = findKernel(model, "transpose");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->language, Language::Cuda);
  EXPECT_EQ(kernel->symbol, "_Z9transposePfPKfi");
  EXPECT_EQ(kernel->staticSharedBytes, 32 * 33 * 4);
  ASSERT_EQ(kernel->sharedAllocations.size(), 1u);
  EXPECT_EQ(kernel->sharedAllocations[0].name, "tile");
  EXPECT_EQ(kernel->sharedAllocations[0].span.line, 3u);
  ASSERT_EQ(kernel->params.size(), 3u);
  EXPECT_EQ(kernel->params[0].kind, ParamKind::Pointer);
  EXPECT_EQ(kernel->params[2].kind, ParamKind::Int);
  EXPECT_EQ(kernel->nameSpan.line, 2u);
  EXPECT_EQ(kernel->nameSpan.column, 17u);
}

TEST(CudaModel, SharedLayoutFollowsPtxas) {
  // Measured with nvcc 13 -Xptxas -v for sm_90: unread variables are dropped,
  // the kernel's own come first in order, each aligned; then file-scope and
  // called functions' variables.
  FileModel model = cudaModelOf(R"(
__shared__ double fileScope[1];
__device__ float helper(float v) {
  __shared__ double h[1];
  h[threadIdx.x] = v;
  __syncthreads();
  return h[2 - threadIdx.x];
}
__global__ void mixed(float *x) {
  __shared__ char c[3]; __shared__ double d[5]; __shared__ char e[1]; __shared__ float4 f[2];
  c[threadIdx.x] = x[0]; d[threadIdx.x] = x[1]; e[threadIdx.x] = x[2]; f[threadIdx.x].x = x[3];
  __syncthreads();
  x[0] = c[threadIdx.x + 1] + d[threadIdx.x + 2] + e[threadIdx.x] + f[threadIdx.x].y;
}
__global__ void unusedAndWriteOnly(float *x) {
  __shared__ float unused[100];
  __shared__ float written[100];
  written[threadIdx.x] = x[0];
}
__global__ void localThenModule(float *x) {
  __shared__ char c[1];
  c[threadIdx.x] = x[0];
  __syncthreads();
  x[0] = helper(c[threadIdx.x + 1]) + fileScope[threadIdx.x];
}
__global__ void aligned(float *x) {
  __shared__ char c[1]; __shared__ __align__(128) float a[3];
  c[threadIdx.x] = x[0]; a[threadIdx.x] = x[1];
  __syncthreads();
  x[0] = c[threadIdx.x + 1] + a[threadIdx.x + 2];
}
)");
  EXPECT_TRUE(model.parseProblems.empty());
  ASSERT_TRUE(findKernel(model, "mixed"));
  EXPECT_EQ(findKernel(model, "mixed")->staticSharedBytes, 96);
  ASSERT_TRUE(findKernel(model, "unusedAndWriteOnly"));
  EXPECT_EQ(findKernel(model, "unusedAndWriteOnly")->staticSharedBytes, 0);
  EXPECT_TRUE(findKernel(model, "unusedAndWriteOnly")->sharedAllocations.empty());
  ASSERT_TRUE(findKernel(model, "localThenModule"));
  EXPECT_EQ(findKernel(model, "localThenModule")->staticSharedBytes, 24);
  ASSERT_TRUE(findKernel(model, "aligned"));
  EXPECT_EQ(findKernel(model, "aligned")->staticSharedBytes, 140);
}

TEST(CudaModel, TemplateInstantiationsFromLaunches) {
  FileModel model = cudaModelOf(R"(
template <int BM, int BK, typename T = float>
__global__ void __launch_bounds__(BM * 2) gemm(T *x) {
  __shared__ T As[BM * BK];
  float acc[BM / 16];
  acc[0] = 0;
  As[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = As[BM - 1 - threadIdx.x] + acc[0];
}
void run(float *x) {
  dim3 block(256);
  gemm<128, 8><<<1, block>>>(x);
  gemm<64, 32><<<dim3(4, 4), dim3(8, 8, 2), 1024>>>(x);
}
)");
  EXPECT_TRUE(model.parseProblems.empty());
  const Kernel *big = findKernel(model, "gemm<128, 8, float>");
  ASSERT_TRUE(big);
  EXPECT_EQ(big->templateName, "gemm");
  EXPECT_FALSE(big->isTemplatePattern);
  EXPECT_EQ(big->staticSharedBytes, 128 * 8 * 4);
  EXPECT_EQ(intValue(big->launchBoundsThreads), 256);
  EXPECT_EQ(big->span.line, 13u); // the launch that instantiates it
  EXPECT_EQ(big->symbol, "_Z4gemmILi128ELi8EfEvPT1_");
  ASSERT_TRUE(big->templateArguments.count("BM"));
  EXPECT_EQ(big->templateArguments.at("BM").asInt(), 128);
  EXPECT_EQ(big->templateArguments.at("BM").span().column, 8u);
  EXPECT_EQ(big->templateArguments.at("T").asString(), "float");
  EXPECT_TRUE(big->tileParams.count("BM"));
  EXPECT_TRUE(big->tileParams.count("BK"));
  ASSERT_EQ(big->localArrays.size(), 1u);
  EXPECT_EQ(big->localArrays[0].elements, 8);
  EXPECT_EQ(big->localArrays[0].elementBytes, 4);
  ASSERT_EQ(big->tiles.size(), 1u);
  EXPECT_EQ(big->tiles[0].source, TileSource::SharedArray);
  EXPECT_EQ(big->tiles[0].dims[0].text, "BM * BK");
  EXPECT_EQ(big->tiles[0].dims[0].program.size(), 3u);

  const Kernel *small = findKernel(model, "gemm<64, 32, float>");
  ASSERT_TRUE(small);
  EXPECT_EQ(small->staticSharedBytes, 64 * 32 * 4);
  EXPECT_FALSE(findKernel(model, "gemm")); // instantiated here: no pattern kernel

  const LaunchSite *first = launchOf(model, "gemm<128, 8, float>");
  ASSERT_TRUE(first);
  EXPECT_EQ(intValue(first->blockThreads), 256);
  EXPECT_EQ(intValue(first->dynamicSmemBytes), 0);
  EXPECT_EQ(first->launchApi, "<<<>>>");
  EXPECT_EQ(first->enclosingFunction, "run");
  EXPECT_EQ(first->templateArgs.at("BK").asInt(), 8);
  const LaunchSite *second = launchOf(model, "gemm<64, 32, float>");
  ASSERT_TRUE(second);
  EXPECT_EQ(intValue(second->blockThreads), 128);
  ASSERT_EQ(second->blockDims.size(), 3u);
  EXPECT_EQ(second->blockDims[2].asInt(), 2);
  EXPECT_EQ(intValue(second->dynamicSmemBytes), 1024);
}

TEST(CudaModel, TemplateNeverInstantiatedIsAPattern) {
  FileModel model = cudaModelOf(R"(
template <int TILE = 32>
__global__ void copy(float *x) {
  __shared__ float t[TILE][TILE + 1];
  t[threadIdx.y][threadIdx.x] = x[0];
  __syncthreads();
  x[1] = t[threadIdx.x][threadIdx.y];
}
)",
                                {}, "pattern.cuh");
  const Kernel *kernel = findKernel(model, "copy");
  ASSERT_TRUE(kernel);
  EXPECT_TRUE(kernel->isTemplatePattern);
  EXPECT_FALSE(kernel->staticSharedBytes.has_value());
  const Param *tile = kernel->findParam("TILE");
  ASSERT_TRUE(tile);
  EXPECT_EQ(tile->kind, ParamKind::Constexpr);
  EXPECT_EQ(intValue(tile->defaultValue), 32);
  EXPECT_TRUE(kernel->tileParams.count("TILE"));
}

TEST(CudaModel, LaunchValuesThroughLocalsAndHostTemplates) {
  FileModel model = cudaModelOf(R"(
template <int BM, int BN>
__global__ void k(float *x) { x[threadIdx.x] = BM + BN; }
template <int BM, int BN, int TM, int TN>
void launch(float *x) {
  dim3 blockDim((BM * BN) / (TM * TN));
  const int smem = 2 * BM * BN * sizeof(float);
  k<BM, BN><<<1, blockDim, smem>>>(x);
}
void runAll(float *x, int n) {
  launch<128, 128, 8, 8>(x);
  launch<64, 64, 4, 4>(x);
  int threads = 64;
  threads *= 2;
  k<1, 1><<<1, threads>>>(x);
  k<2, 2><<<1, n>>>(x);
}
)");
  EXPECT_TRUE(model.parseProblems.empty());
  const LaunchSite *big = launchOf(model, "k<128, 128>");
  ASSERT_TRUE(big);
  EXPECT_EQ(intValue(big->blockThreads), 256);
  EXPECT_EQ(intValue(big->dynamicSmemBytes), 2 * 128 * 128 * 4);
  EXPECT_EQ(big->span.line, 8u);
  const LaunchSite *small = launchOf(model, "k<64, 64>");
  ASSERT_TRUE(small);
  EXPECT_EQ(intValue(small->blockThreads), 256);
  // A local changed after its declaration, and a parameter, are unknown.
  const LaunchSite *changed = launchOf(model, "k<1, 1>");
  ASSERT_TRUE(changed && changed->blockThreads);
  EXPECT_FALSE(changed->blockThreads->isKnown());
  const LaunchSite *parameter = launchOf(model, "k<2, 2>");
  ASSERT_TRUE(parameter && parameter->blockThreads);
  EXPECT_FALSE(parameter->blockThreads->isKnown());
  EXPECT_EQ(model.launches.size(), 4u); // the pattern of launch<> adds none
}

TEST(CudaModel, RuntimeLaunchApisAndOptIn) {
  FileModel model = cudaModelOf(R"(
#include <cuda_runtime.h>
template <int N> __global__ void k(float *x) { extern __shared__ float dyn[]; dyn[threadIdx.x] = x[0]; x[1] = dyn[N]; }
void run(float *x) {
  const int bytes = 100 * 1024;
  cudaFuncSetAttribute(k<1>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  void *args[] = {&x};
  cudaLaunchKernel((const void *)k<1>, dim3(1), dim3(128), args, bytes, 0);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32, 4);
  config.dynamicSmemBytes = 64 * 1024;
  cudaLaunchKernelEx(&config, k<2>, x);
}
)");
  EXPECT_TRUE(model.parseProblems.empty()) << model.parseProblems.front().message;
  ASSERT_EQ(model.dynamicSmemOptIns.size(), 1u);
  EXPECT_EQ(model.dynamicSmemOptIns[0].kernel, "k<1>");
  EXPECT_EQ(model.dynamicSmemOptIns[0].bytes, 100 * 1024);
  const Kernel *optedIn = findKernel(model, "k<1>");
  ASSERT_TRUE(optedIn);
  EXPECT_TRUE(optedIn->hasOptInDynamicSmem);
  EXPECT_EQ(optedIn->optInDynamicSmemBytes, 100 * 1024);
  ASSERT_EQ(optedIn->sharedAllocations.size(), 1u);
  EXPECT_TRUE(optedIn->sharedAllocations[0].isDynamic);
  EXPECT_EQ(optedIn->staticSharedBytes, 0);

  const LaunchSite *classic = launchOf(model, "k<1>");
  ASSERT_TRUE(classic);
  EXPECT_EQ(classic->launchApi, "cudaLaunchKernel");
  EXPECT_EQ(intValue(classic->blockThreads), 128);
  EXPECT_EQ(intValue(classic->dynamicSmemBytes), 100 * 1024);
  const LaunchSite *extended = launchOf(model, "k<2>");
  ASSERT_TRUE(extended);
  EXPECT_EQ(extended->launchApi, "cudaLaunchKernelEx");
  EXPECT_EQ(intValue(extended->blockThreads), 128);
  EXPECT_EQ(intValue(extended->dynamicSmemBytes), 64 * 1024);
  EXPECT_EQ(extended->dynamicSmemBytes->span().line, 12u);
}

TEST(CudaModel, ConfigTableBecomesAutotuneList) {
  FileModel model = cudaModelOf(R"(
struct TileConfig { int block_m; int block_n; int stages; };
constexpr TileConfig kTileConfigs[] = {
    {128, 128, 3},
    {64, 128, 4},
    {64, 64, 2 + 2},
};
template <int BLOCK_M, int BLOCK_N, int STAGES>
__global__ void gemm(float *x) {
  __shared__ float a[BLOCK_M * STAGES];
  a[threadIdx.x] = x[0];
  __syncthreads();
  x[1] = a[BLOCK_N];
}
void run(float *x) {
  gemm<kTileConfigs[0].block_m, kTileConfigs[0].block_n, kTileConfigs[0].stages><<<1, 128>>>(x);
}
)");
  EXPECT_TRUE(model.parseProblems.empty());
  const Kernel *pattern = findKernel(model, "gemm");
  ASSERT_TRUE(pattern);
  EXPECT_TRUE(pattern->isTemplatePattern);
  ASSERT_TRUE(pattern->autotune);
  const ConfigList &list = pattern->autotune->configs;
  ASSERT_EQ(list.configs.size(), 3u);
  EXPECT_TRUE(list.complete);
  EXPECT_FALSE(pattern->autotune->keyKnown);
  EXPECT_EQ(list.configs[1].params.at("BLOCK_M").asInt(), 64);
  EXPECT_EQ(list.configs[2].params.at("STAGES").asInt(), 4);
  EXPECT_EQ(list.configs[2].params.at("STAGES").span().line, 6u);
  EXPECT_TRUE(list.configs[0].literalElement);
  EXPECT_EQ(list.configs[0].span.line, 4u);
  EXPECT_EQ(list.configs[1].expansion.str(), "config 2 of 3, row 2 of `kTileConfigs`");
  // The instantiation is a kernel of its own as well.
  EXPECT_TRUE(findKernel(model, "gemm<128, 128, 3>"));
}

TEST(CudaModel, CompilerErrorsBecomeParseProblems) {
  ScratchDir scratch;
  scratch.write("broken.cuh", "#pragma once\nint broken = undeclared_in_header;\n");
  auto file = scratch.write("main.cu", R"(#include "broken.cuh"

__global__ void k(float *x) {
  __shared__ float a[32];
  x[2] = undeclared_thing;
  a[threadIdx.x] = x[1];
  x[0] = a[threadIdx.x + 1];
}
)");
  FileModel model = cudaModelOfFile(file);
  ASSERT_EQ(model.parseProblems.size(), 2u);
  EXPECT_EQ(model.parseProblems[0].span.line, 1u); // the #include of the broken header
  EXPECT_NE(model.parseProblems[0].message.find("broken.cuh:2:"), std::string::npos)
      << model.parseProblems[0].message;
  EXPECT_EQ(model.parseProblems[1].span.line, 5u);
  EXPECT_EQ(model.parseProblems[1].span.column, 10u);
  EXPECT_FALSE(model.parseProblems[1].severityCap);
  // What parsed is still analysed.
  const Kernel *kernel = findKernel(model, "k");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->staticSharedBytes, 128);
}

// Without the build's flags a missing header makes the errors after it
// consequences: one warning names the first missing header and -p.
TEST(CudaModel, AMissingHeaderWithGuessedFlagsIsOneWarning) {
  ScratchDir scratch;
  auto file = scratch.write("main.cu", R"(#include "no_such_header.cuh"
#include <vendor/also_missing.h>
__global__ void k(float *x) {
  __shared__ float a[32];
  x[2] = declared_in_the_missing_header;
  a[threadIdx.x] = x[1];
  x[0] = a[threadIdx.x + 1];
}
)");
  FileModel model = cudaModelOfFile(file);
  ASSERT_EQ(model.parseProblems.size(), 1u);
  const ParseProblem &problem = model.parseProblems[0];
  EXPECT_EQ(problem.span.line, 1u);
  EXPECT_EQ(problem.span.column, 10u);
  EXPECT_EQ(problem.message,
            "`no_such_header.cuh` not found (and 1 other header): the file is analysed only as far as it parses "
            "without them");
  EXPECT_EQ(problem.severityCap, Severity::Warning);
  ASSERT_FALSE(problem.notes.empty());
  EXPECT_NE(problem.notes[0].find("compile_commands.json"), std::string::npos);
  const Kernel *kernel = findKernel(model, "k");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->staticSharedBytes, 128);
}

// Error-check macros and destructors that trap on the device and throw on
// the host (`#ifdef __CUDA_ARCH__ ... __trap(); #else throw ...`), used in
// host code: nvcc's device pass never compiles a host body and its host
// pass takes the `#else`, so the file builds. Clang's device parse reads
// the first branch; btlint leaves those calls alone. An unconditional
// `__trap()` in a host function fails with nvcc too, and stays an error.
TEST(CudaModel, DeviceOnlyBranchesOfHostFunctions) {
  ScratchDir scratch;
  scratch.write("include/check.h", R"(#pragma once
#include <cstdio>
#include <stdexcept>
#ifdef __CUDA_ARCH__
#define CHECK_CUDA(e) do { if ((e) != cudaSuccess) { printf("cuda error\n"); __trap(); } } while (0)
#else
#define CHECK_CUDA(e) do { if ((e) != cudaSuccess) throw std::runtime_error("cuda error"); } while (0)
#endif
struct Stream {
  ~Stream() noexcept(false) {
#ifndef __CUDA_ARCH__
    if (handle) throw std::runtime_error("stream leaked");
#else
    __trap();
#endif
  }
  void *handle = nullptr;
};
)");
  const std::string kernel = "__global__ void fill(float *x, int n) {\n"
                             "  __shared__ float tile[32];\n"
                             "  tile[threadIdx.x % 32] = 1.0f;\n"
                             "  if (threadIdx.x < n) x[threadIdx.x] = tile[threadIdx.x % 32];\n}\n";
  const FileModel model = cudaModelOfFile(scratch.write(
      "fill.cu", "#include \"check.h\"\n" + kernel +
                     "void launch(float *x, int n) {\n  Stream s;\n  fill<<<1, 32>>>(x, n);\n"
                     "  CHECK_CUDA(cudaGetLastError());\n}\n"));
  EXPECT_TRUE(model.parseProblems.empty()) << model.parseProblems.front().message;
  ASSERT_TRUE(findKernel(model, "fill"));
  EXPECT_EQ(findKernel(model, "fill")->staticSharedBytes, 128);
  const FileModel unconditional = cudaModelOfFile(scratch.write(
      "trap.cu", kernel + "void launch(float *x, int n) {\n  fill<<<1, 32>>>(x, n);\n"
                          "  if (cudaGetLastError() != cudaSuccess) __trap();\n}\n"));
  ASSERT_EQ(unconditional.parseProblems.size(), 1u);
  EXPECT_NE(unconditional.parseProblems.front().message.find("__trap"), std::string::npos);
}

// A PyTorch extension's headers come with torch, never with the project:
// missing, they are said at note level (the kernels are read all the same);
// one other missing header keeps the warning.
TEST(CudaModel, MissingTorchHeadersAreANote) {
  for (bool alsoOther : {false, true}) {
    ScratchDir scratch;
    auto file = scratch.write("csrc/scale.cu", std::string("#include <torch/extension.h>\n#include <ATen/cuda/CUDAContext.h>\n") +
                                                   (alsoOther ? "#include \"helpers/missing.cuh\"\n" : "") +
                                                   "__global__ void scale(float *x, float f) {\n"
                                                   "  __shared__ float tile[64];\n"
                                                   "  tile[threadIdx.x] = x[threadIdx.x] * f;\n"
                                                   "  x[threadIdx.x] = tile[63 - threadIdx.x];\n}\n");
    FileModel model = cudaModelOfFile(file);
    ASSERT_EQ(model.parseProblems.size(), 1u);
    const ParseProblem &problem = model.parseProblems[0];
    EXPECT_EQ(problem.severityCap, alsoOther ? Severity::Warning : Severity::Note) << problem.message;
    std::string notes;
    for (const std::string &note : problem.notes) notes += note + "\n";
    EXPECT_EQ(notes.find("PyTorch's C++ headers") != std::string::npos, !alsoOther) << notes;
    const Kernel *kernel = findKernel(model, "scale");
    ASSERT_TRUE(kernel);
    EXPECT_EQ(kernel->staticSharedBytes, 256);
  }
}

// The include folders of a project's layout are searched without a database.
TEST(CudaModel, IncludeFoldersGuessedFromTheLayout) {
  ScratchDir scratch;
  scratch.write(".git/HEAD", "ref: refs/heads/main\n");
  scratch.write("csrc/params.h", "#pragma once\nconstexpr int kTile = 64;\n");
  scratch.write("csrc/kit/include/kit/copy.cuh", "#pragma once\nconstexpr int kCopyWidth = 4;\n");
  scratch.write("include/lib/shape.h", "#pragma once\nconstexpr int kRows = 2;\n");
  auto file = scratch.write("csrc/sm90/decode/kernel.cu", R"(#include "params.h"
#include <kit/copy.cuh>
#include <lib/shape.h>
__global__ void k(float *x) {
  __shared__ float a[kTile * kCopyWidth * kRows];
  a[threadIdx.x] = x[1];
  x[0] = a[threadIdx.x + 1];
}
)");
  FileModel model = cudaModelOfFile(file);
  EXPECT_TRUE(model.parseProblems.empty()) << model.parseProblems.front().message;
  const Kernel *kernel = findKernel(model, "k");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->staticSharedBytes, 64 * 4 * 2 * 4);
}

// `includes/` is as common as `include/` for a project's own headers
// (`csrc/includes/`, included as "conversion_utils.h" from csrc/ops/).
TEST(CudaModel, IncludesFoldersGuessedLikeIncludeFolders) {
  ScratchDir scratch;
  scratch.write(".git/HEAD", "ref: refs/heads/main\n");
  scratch.write("csrc/includes/tile_sizes.h", "#pragma once\nconstexpr int kTile = 32;\n");
  scratch.write("includes/common/rows.h", "#pragma once\nconstexpr int kRows = 3;\n");
  auto file = scratch.write("csrc/ops/gelu.cu", R"(#include "tile_sizes.h"
#include <common/rows.h>
__global__ void gelu(float *x) {
  __shared__ float a[kTile * kRows];
  a[threadIdx.x] = x[1];
  x[0] = a[threadIdx.x + 1];
}
)");
  FileModel model = cudaModelOfFile(file);
  EXPECT_TRUE(model.parseProblems.empty()) << model.parseProblems.front().message;
  const Kernel *kernel = findKernel(model, "gelu");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->staticSharedBytes, 32 * 3 * 4);
}

// nvcc's version macros, from the toolkit (with btlint's own declarations
// there is no version to give).
TEST(CudaModel, NvccVersionMacrosArePredefined) {
  if (!cudaToolkitInstalled()) GTEST_SKIP() << "no CUDA toolkit: no version to predefine";
  FileModel model = cudaModelOf(R"(
#include <cuda_runtime.h>
#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 11 && defined(__CUDACC_VER_MINOR__)
constexpr int kTile = 64;
#endif
__global__ void k(float *x) {
  __shared__ float a[kTile];
  a[threadIdx.x] = x[1];
  x[0] = a[threadIdx.x + 1];
}
)");
  EXPECT_TRUE(model.parseProblems.empty()) << model.parseProblems.front().message;
  const Kernel *kernel = findKernel(model, "k");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->staticSharedBytes, 64 * 4);
}

// Outside a repository the walk up ends at the working directory.
TEST(CudaModel, IncludeFoldersGuessedUpToTheWorkingDirectory) {
  ScratchDir scratch;
  scratch.write("csrc/params.h", "#pragma once\nconstexpr int kTile = 64;\n");
  auto file = scratch.write("csrc/sm90/kernel.cu", R"(#include "params.h"
__global__ void k(float *x) {
  __shared__ float a[kTile];
  a[threadIdx.x] = x[1];
  x[0] = a[threadIdx.x + 1];
}
)");
  const std::filesystem::path previous = std::filesystem::current_path();
  std::filesystem::current_path(scratch.path());
  FileModel model = cudaModelOfFile(file);
  std::filesystem::current_path(previous);
  EXPECT_TRUE(model.parseProblems.empty()) << model.parseProblems.front().message;
  const Kernel *kernel = findKernel(model, "k");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->staticSharedBytes, 64 * 4);
}

TEST(CudaModel, BuiltinDeclarationsParseKernelsWithoutToolkit) {
  CudaModelOptions options;
  options.cudaPath = "none";
  FileModel model = cudaModelOf(R"(
#include <cuda_runtime.h>
#include <cuda_fp16.h>
__global__ void __launch_bounds__(256) k(float4 *x, half *h) {
  __shared__ float4 tile[64];
  tile[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  float v = __shfl_xor_sync(0xffffffffu, tile[threadIdx.x ^ 1].x, 1) + expf(1.0f);
  atomicAdd(&x[0].x, v + float(h[0]));
}
void run(float4 *x, half *h) {
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  k<<<dim3(1), dim3(256), 0>>>(x, h);
  cudaDeviceSynchronize();
}
)",
                                options);
  EXPECT_TRUE(model.parseProblems.empty()) << model.parseProblems.front().message;
  const Kernel *kernel = findKernel(model, "k");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->staticSharedBytes, 64 * 16);
  EXPECT_EQ(intValue(kernel->launchBoundsThreads), 256);
  EXPECT_TRUE(kernel->hasOptInDynamicSmem);
  ASSERT_EQ(model.launches.size(), 1u);
  EXPECT_EQ(intValue(model.launches[0].blockThreads), 256);
  ASSERT_FALSE(model.notes.empty());
  EXPECT_NE(model.notes[0].find("btlint's own minimal CUDA declarations"), std::string::npos);
}

TEST(CudaModel, BuiltinDeclarationsNoteOnParseErrors) {
  CudaModelOptions options;
  options.cudaPath = "none";
  FileModel model = cudaModelOf("#include <no_such_cuda_library.h>\n__global__ void k() {}\n", options);
  ASSERT_EQ(model.parseProblems.size(), 1u);
  const std::vector<std::string> &notes = model.parseProblems[0].notes;
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(),
                          [](const std::string &note) { return note.find("no CUDA toolkit found") == 0; }));
}

TEST(CudaModel, ArchDependentCodeIsParsedPerArch) {
  const std::string code = R"(
__global__ void k(float *x) {
#if __CUDA_ARCH__ >= 900
  __shared__ float a[2048];
#else
  __shared__ float a[1024];
#endif
  a[threadIdx.x] = x[0];
  __syncthreads();
  x[1] = a[5];
}
)";
  CudaModelOptions hopper, ampere;
  hopper.arch = "sm90";
  ampere.arch = "sm80";
  EXPECT_EQ(findKernel(cudaModelOf(code, hopper), "k")->staticSharedBytes, 8192);
  EXPECT_EQ(findKernel(cudaModelOf(code, ampere), "k")->staticSharedBytes, 4096);
}

TEST(CudaModel, HeaderTemplateInstantiatedHere) {
  ScratchDir scratch;
  scratch.write("kernels/tile.cuh", R"(#pragma once
template <int TILE>
__global__ void tiled(float *x) {
  __shared__ float t[TILE * TILE];
  t[threadIdx.x] = x[0];
  __syncthreads();
  x[1] = t[TILE];
}
__global__ void plain(float *x) { x[0] = 1; }
)");
  auto file = scratch.write("runner.cu", R"(#include "kernels/tile.cuh"
void run(float *x) {
  tiled<64><<<1, 64>>>(x);
  plain<<<1, 32>>>(x);
}
)");
  FileModel model = cudaModelOfFile(file);
  EXPECT_TRUE(model.parseProblems.empty());
  ASSERT_EQ(model.kernels.size(), 1u); // `plain` belongs to the header
  const Kernel &kernel = model.kernels[0];
  EXPECT_EQ(kernel.name, "tiled<64>");
  EXPECT_EQ(kernel.staticSharedBytes, 64 * 64 * 4);
  EXPECT_EQ(kernel.span.line, 3u);
  EXPECT_NE(kernel.definitionPath.find("tile.cuh"), std::string::npos);
  ASSERT_EQ(kernel.sharedAllocations.size(), 1u);
  EXPECT_EQ(kernel.sharedAllocations[0].span.line, 3u);
  EXPECT_EQ(model.launches.size(), 2u);
}

TEST(CudaModel, CompileCommandsSupplyIncludePathsAndMacros) {
  ScratchDir scratch;
  scratch.write("include/tiles.h", "#pragma once\nconstexpr int kTile = TILE_FROM_BUILD;\n");
  auto file = scratch.write("src/k.cu", R"(#include "tiles.h"
__global__ void k(float *x) {
  __shared__ float a[kTile];
  a[threadIdx.x] = x[0];
  __syncthreads();
  x[1] = a[3];
}
)");
  // As CMake writes it for nvcc: relative paths resolve against "directory".
  scratch.write("build/compile_commands.json",
                "[{\"directory\": \"" + (scratch.path() / "build").string() +
                    "\", \"command\": \"/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
                    "-I../include -DTILE_FROM_BUILD=96 -O3 --generate-code=arch=compute_90,code=[sm_90] "
                    "-std=c++17 -x cu -c " +
                    file.string() + " -o k.o\", \"file\": \"" + file.string() + "\"}]");
  CudaModelOptions options;
  options.compileCommandsDir = (scratch.path() / "build").string();
  FileModel model = cudaModelOfFile(file, options);
  EXPECT_TRUE(model.parseProblems.empty()) << model.parseProblems.front().message;
  ASSERT_TRUE(findKernel(model, "k"));
  EXPECT_EQ(findKernel(model, "k")->staticSharedBytes, 96 * 4);

  // Without the database the macro is missing: a parse error, not a crash.
  FileModel without = cudaModelOfFile(file);
  EXPECT_FALSE(without.parseProblems.empty());
}

TEST(CudaModel, TensorCoreSitesAreDots) {
  FileModel model = cudaModelOf(R"(
__global__ void k(float *x) {
  unsigned a = 0, b = 0; float c = 0;
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0}, {%1}, {%2}, {%0};" : "+f"(c) : "r"(a), "r"(b));
  x[0] = c;
}
__global__ void none(float *x) { x[0] = 1; }
)");
  ASSERT_TRUE(findKernel(model, "k"));
  EXPECT_EQ(findKernel(model, "k")->dots.size(), 1u);
  EXPECT_TRUE(findKernel(model, "none")->dots.empty());
}

// Code that builds with nvcc uses what nvcc's headers declare and Clang's
// CUDA wrapper does not: host min/max, the cache-hinted stores of
// sm_32_intrinsics.h, C functions nvcc's runtime header brings in, and
// __shared__ objects with constructors (nvcc warns, Clang stops).
TEST(CudaModel, ToolkitParseAcceptsWhatNvccAccepts) {
  if (!cudaToolkitInstalled()) GTEST_SKIP() << "no CUDA toolkit: the nvcc compatibility header is not used";
  FileModel model = cudaModelOf(R"(
#include <cuda_runtime.h>
struct Counter { int value; __device__ Counter() : value(0) {} };
__global__ void k(float *out, const float *in, int n) {
  __shared__ Counter counter;
  __shared__ float tile[256];
  tile[threadIdx.x] = __ldcs(in + threadIdx.x);
  __syncthreads();
  __stcs(out + threadIdx.x, tile[255 - threadIdx.x]);
  __stcg(out + n + threadIdx.x, float(counter.value));
}
template <class T> bool finite(T x) { return isfinite(x); }
void run(float *out, const float *in, int n) {
  const int blocks = max(1, n / 256);
  clock_t start = clock();
  assert(finite(1.0f));
  memset(&start, 0, sizeof(start));
  k<<<blocks, 256>>>(out, in, n);
}
)");
  for (const ParseProblem &problem : model.parseProblems) ADD_FAILURE() << problem.span.line << ": " << problem.message;
  ASSERT_TRUE(findKernel(model, "k"));
  ASSERT_EQ(model.launches.size(), 1u);
}

// Without a toolkit, toolkit files the search path still reaches (here
// through -I from the build) are hidden: mixed with btlint's declarations
// they would only produce errors. The missing library header is one finding.
TEST(CudaModel, NoToolkitHidesInstalledToolkitFiles) {
  ScratchDir scratch;
  scratch.write("toolkit/include/cuda_runtime.h", "#error the toolkit's runtime header was read\n");
  scratch.write("toolkit/include/cublas_v2.h", "#include \"cuda_runtime.h\"\n#error the toolkit's cuBLAS header was read\n");
  scratch.write("toolkit/nvvm/libdevice/README", "\n");
  scratch.write("include/tiles.h", "#pragma once\nconstexpr int kTile = 64;\n");
  auto file = scratch.write("src/k.cu", R"(#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "tiles.h"
__global__ void k(float *x) {
  __shared__ float a[kTile];
  a[threadIdx.x] = x[0];
  __syncthreads();
  x[1] = a[3];
}
)");
  scratch.write("build/compile_commands.json",
                "[{\"directory\": \"" + (scratch.path() / "build").string() + "\", \"command\": \"clang++ -x cuda -I" +
                    (scratch.path() / "toolkit" / "include").string() + " -I../include -c " + file.string() +
                    "\", \"file\": \"" + file.string() + "\"}]");
  CudaModelOptions options;
  options.cudaPath = "none";
  options.compileCommandsDir = (scratch.path() / "build").string();
  FileModel model = cudaModelOfFile(file, options);
  ASSERT_EQ(model.parseProblems.size(), 1u) << model.parseProblems.back().message;
  EXPECT_NE(model.parseProblems[0].message.find("'cublas_v2.h' file not found"), std::string::npos)
      << model.parseProblems[0].message;
  ASSERT_TRUE(findKernel(model, "k"));
  EXPECT_EQ(findKernel(model, "k")->staticSharedBytes, 64 * 4);
}

TEST(CudaModel, StandardFromTheProjectsBuildFiles) {
  // C++20 abbreviated templates parse once setup.py asks for -std=c++20, as
  // the project's own build does; without a build file, C++17 as nvcc's default.
  // GNU `typeof` parses either way: nvcc accepts it whatever -std says.
  const std::string code = "__device__ float twice(auto x) { typeof(x) y = x; return 2 * y; }\n"
                           "__global__ void k(float *out) { out[threadIdx.x] = twice(1.0f); }\n";
  for (bool declared : {false, true}) {
    ScratchDir scratch;
    std::filesystem::create_directories(scratch.path() / ".git");
    if (declared) scratch.write("setup.py", "nvcc_flags = ['-O3', '-std=c++20', '--use_fast_math']\n");
    const FileModel model = cudaModelOfFile(scratch.write("csrc/k.cu", code));
    EXPECT_EQ(model.parseProblems.empty(), declared) << (declared ? "with" : "without") << " setup.py";
    ASSERT_TRUE(findKernel(model, "k"));
  }
}

TEST(CudaModel, StandardFromTheKernelFoldersMakefileAndFragments) {
  // Kernel collections build each kernel with its folder's Makefile, which
  // includes a shared fragment (`kernels/common.mk`) that sets -std=c++20;
  // a sibling folder without one keeps C++17.
  const std::string code = "template <typename T> concept scalar = sizeof(T) <= 8;\n"
                           "template <scalar T> __device__ T twice(T x) { return 2 * x; }\n"
                           "__global__ void k(float *out) { out[threadIdx.x] = twice(1.0f); }\n";
  ScratchDir scratch;
  std::filesystem::create_directories(scratch.path() / ".git");
  scratch.write("kernels/common.mk", "NVCCFLAGS += -O3 -std=c++20 --expt-relaxed-constexpr\n");
  scratch.write("kernels/gemm/Makefile", "include ../common.mk\nall:\n\tnvcc $(NVCCFLAGS) gemm.cu\n");
  const FileModel gemm = cudaModelOfFile(scratch.write("kernels/gemm/gemm.cu", code));
  EXPECT_TRUE(gemm.parseProblems.empty()) << gemm.parseProblems.front().message;
  ASSERT_TRUE(findKernel(gemm, "k"));
  const FileModel tool = cudaModelOfFile(scratch.write("tools/probe.cu", code));
  EXPECT_FALSE(tool.parseProblems.empty());
}

TEST(CudaModel, MacrosTheBuildDefinesAreNamedWhereTheFileDoesNotParse) {
  // The header declares the copy helpers only under the build's -DWITH_ASYNC;
  // the parse without it fails, and is done again with the build's macros;
  // where that fails too, the first error says which macros the build files
  // define.
  ScratchDir scratch;
  std::filesystem::create_directories(scratch.path() / ".git");
  // Commented out, in Make and in setup.py: not part of the build ("#" in
  // quotes is not a comment).
  scratch.write("common.mk", "NVCCFLAGS += -O3 -DWITH_ASYNC -DTILE_ROWS=64 # -DDEBUG_SYNC\n# NVCCFLAGS += -DNO_TMA\n");
  scratch.write("setup.py", "flags = ['-O3', '-DTAG=\"#1\"',\n    # '-DDISABLE_BACKWARD',\n]\n");
  scratch.write("copy.cuh", "#ifdef WITH_ASYNC\nnamespace async { __device__ inline void wait() {} }\n#endif\n");
  // With the macros the build writes with a literal value (not TAG, a
  // quoted string), the file parses: that parse is kept, and says so. A
  // switch whose name only starts with one of them turns nothing off.
  const FileModel parsed = cudaModelOfFile(
      scratch.write("k.cu", "#include \"copy.cuh\"\n#ifndef TILE_ROWS_OVERRIDE\n#endif\n"
                           "__global__ void k(float *out) { async::wait(); out[threadIdx.x] = 1.0f; }\n"));
  EXPECT_TRUE(parsed.parseProblems.empty()) << parsed.parseProblems.front().message;
  std::string parsedNotes;
  for (const std::string &note : parsed.notes) parsedNotes += note + "\n";
  EXPECT_NE(parsedNotes.find("parsed with TILE_ROWS, WITH_ASYNC defined"), std::string::npos) << parsedNotes;
  // A file that fails with them too keeps the first parse's errors, whose
  // first note names every macro the build files define.
  const FileModel model = cudaModelOfFile(scratch.write(
      "k2.cu", "#include \"copy.cuh\"\n__global__ void k(float *out) { async::wait(); out[threadIdx.x] = "
               "helper_from_elsewhere(); }\n"));
  ASSERT_FALSE(model.parseProblems.empty());
  std::string notes;
  for (const std::string &note : model.parseProblems.front().notes) notes += note + "\n";
  EXPECT_NE(notes.find("define TAG, TILE_ROWS, WITH_ASYNC"), std::string::npos) << notes;
  EXPECT_NE(notes.find("`cuda: {defines: {TAG: 1, TILE_ROWS: 1, WITH_ASYNC: 1}}`"), std::string::npos) << notes;
  for (const char *commented : {"DEBUG_SYNC", "NO_TMA", "DISABLE_BACKWARD"})
    EXPECT_EQ(notes.find(commented), std::string::npos) << commented << " is commented out\n" << notes;
}

TEST(CudaModel, HeaderLaunchersInstantiatedByTheFile) {
  // The kernel and its launcher live in a header; the file only instantiates
  // the launcher, explicitly and through a call.
  ScratchDir scratch;
  scratch.write("launch.cuh", R"(
template <int N> __global__ void fill(float *out) { __shared__ float tile[N]; tile[threadIdx.x] = 1.0f;
  __syncthreads(); out[threadIdx.x] = tile[N - 1 - threadIdx.x]; }
template <int N> void run_fill(float *out) {
  cudaFuncSetAttribute(fill<N>, cudaFuncAttributeMaxDynamicSharedMemorySize, N * 1024);
  fill<N><<<dim3(4, 2), N, N * 1024>>>(out);
}
template <int N> void dispatch(float *out) { run_fill<N>(out); }
)");
  const FileModel model = cudaModelOfFile(scratch.write("inst.cu", R"(#include <cuda_runtime.h>
#include "launch.cuh"
template void run_fill<64>(float *out);
void go(float *out) { dispatch<128>(out); }
)"));
  EXPECT_TRUE(model.parseProblems.empty());
  ASSERT_EQ(model.launches.size(), 2u);
  ASSERT_EQ(model.headerInstantiations.size(), 2u);
  for (const LaunchSite &launch : model.launches) {
    const int64_t n = launch.kernel == "fill<64>" ? 64 : 128;
    EXPECT_EQ(launch.span.line, n == 64 ? 3u : 4u) << launch.kernel;
    EXPECT_EQ(intValue(launch.dynamicSmemBytes), n * 1024);
    ASSERT_EQ(launch.gridDims.size(), 3u);
    EXPECT_EQ(intValue(launch.gridDims[1]), 2);
  }
  const Kernel *fill64 = findKernel(model, "fill<64>");
  const Kernel *fill128 = findKernel(model, "fill<128>");
  ASSERT_TRUE(fill64 && fill128);
  EXPECT_EQ(fill64->staticSharedBytes, 256);
  EXPECT_EQ(fill128->staticSharedBytes, 512);
  EXPECT_EQ(fill128->optInDynamicSmemBytes, 128 * 1024);
  EXPECT_EQ(model.dynamicSmemOptIns.size(), 2u);
}
