// libFuzzer target: small CUDA translation units generated from the input
// (a header of kernel and launcher templates, and a .cu file that includes
// it), linted for sm80, sm90 and sm90a with every rule through the CUDA
// front-end (btlint's own CUDA declarations: no toolkit needed, and fast).
// The generator mixes the constructs the model reads: templates over types
// and sizes, static, dynamic and class-type __shared__ objects with
// dependent types and alignments, launches through <<<>>>, cudaLaunchKernel
// and cudaLaunchKernelEx with cluster attributes, opt-ins, explicit
// instantiations, __cluster_dims__, __launch_bounds__, inline PTX; the input's
// last bytes are appended as raw text. Beyond "no crash": no internal-error
// finding (a crash the isolation caught is still a crash), findings name one
// of the two files at a line inside it, and the JSON output parses.
#include "FuzzSupport.h"

#include "config/ProjectConfig.h"
#include "emit/Emitters.h"
#include "engine/AnalysisSetup.h"
#include "engine/Engine.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

template <size_t N> const char *pick(FuzzedDataProvider &data, const char *const (&choices)[N]) {
  return choices[data.ConsumeIntegralInRange<size_t>(0, N - 1)];
}

std::string size(FuzzedDataProvider &data) {
  static const char *const sizes[] = {"N", "N * 2", "M", "N * M", "128", "0", "1", "49153", "N + M - 1",
                                      "sizeof(T) * N", "(N > 64 ? N : 64)", "-1", "65536 / sizeof(T)"};
  return pick(data, sizes);
}

std::string sharedDeclaration(FuzzedDataProvider &data, int index) {
  const std::string name = "s" + std::to_string(index);
  switch (data.ConsumeIntegralInRange(0, 7)) {
  case 0: return "  __shared__ T " + name + "[" + size(data) + "];\n";
  case 1: return "  extern __shared__ T " + name + "[];\n";
  case 2: return "  extern __shared__ __align__(16) unsigned char " + name + "[];\n";
  case 3: return "  __shared__ Counter " + name + ";\n";
  case 4: return "  __shared__ Storage<T, " + size(data) + "> " + name + ";\n";
  case 5: return "  __shared__ __align__(" + std::string(pick(data, {"8", "16", "128", "3"})) + ") float " + name +
                 "[" + size(data) + "][" + size(data) + "];\n";
  case 6: return "  __shared__ T " + name + ";\n";
  default: return "  __shared__ typename Traits<T>::Element " + name + "[" + size(data) + "];\n";
  }
}

std::string statement(FuzzedDataProvider &data, int shared) {
  const std::string target = "s" + std::to_string(data.ConsumeIntegralInRange(0, std::max(0, shared - 1)));
  switch (data.ConsumeIntegralInRange(0, 6)) {
  case 0: return "  " + target + "[threadIdx.x] = T(1);\n";
  case 1: return "  out[threadIdx.x] = float(" + target + "[" + std::to_string(data.ConsumeIntegral<uint8_t>()) + "]);\n";
  case 2: return "  __syncthreads();\n";
  case 3: return "  asm volatile(\"" + std::string(pick(data, {"wgmma.fence.sync.aligned;", "setmaxnreg.inc.sync.aligned.u32 240;",
                                                              "tcgen05.fence::before_thread_sync;", "mma.sync.aligned;", "nop;",
                                                              ""})) + "\\n\" ::: \"memory\");\n";
  case 4: return "  float acc[" + size(data) + "]; acc[threadIdx.x % 4] = 0.0f; out[0] = acc[1];\n";
  case 5: return "  helper<T, N>(out);\n";
  default: return "  if (threadIdx.x < N) out[blockIdx.y * N + threadIdx.x] += 1.0f;\n";
  }
}

std::string kernel(FuzzedDataProvider &data, const std::string &name) {
  std::string text = "template <typename T, int N, int M>\n__global__ void ";
  if (data.ConsumeBool()) text += "__launch_bounds__(" + size(data) + ") ";
  if (data.ConsumeBool()) text += "__cluster_dims__(" + std::string(pick(data, {"2", "N", "1, 2", "8, 2"})) + ") ";
  text += name + "(float *out) {\n";
  const int shared = data.ConsumeIntegralInRange(0, 4);
  for (int i = 0; i < shared; ++i) text += sharedDeclaration(data, i);
  for (int i = data.ConsumeIntegralInRange(0, 6); i > 0; --i) text += statement(data, shared);
  return text + "}\n";
}

std::string launch(FuzzedDataProvider &data, const std::string &kernelName, const std::string &args) {
  const std::string callee = kernelName + "<" + args + ">";
  const std::string grid = pick(data, {"dim3(4)", "dim3(1, 65536)", "dim3(N, M)", "3", "grid", "0", "dim3(8, 4, 2)"});
  const std::string block = pick(data, {"128", "N", "dim3(32, 33)", "1025", "M * 32", "256"});
  const std::string smem = size(data) + " * 1024";
  switch (data.ConsumeIntegralInRange(0, 3)) {
  case 0: return "  " + callee + "<<<" + grid + ", " + block + ", " + smem + ">>>(out);\n";
  case 1:
    return "  cudaFuncSetAttribute(" + callee + ", cudaFuncAttributeMaxDynamicSharedMemorySize, " + smem + ");\n  " +
           callee + "<<<" + grid + ", " + block + ", " + smem + ">>>(out);\n";
  case 2:
    return "  { void *a[] = {&out}; cudaLaunchKernel((const void *)" + callee + ", dim3(" + grid + "), dim3(" + block +
           "), a, " + smem + ", 0); }\n";
  default:
    return "  { cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeClusterDimension;\n"
           "    at[0].val.clusterDim.x = " + std::string(pick(data, {"2", "16", "N", "3"})) +
           "; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;\n"
           "    cudaLaunchConfig_t c = {}; c.gridDim = " + grid + "; c.blockDim = " + block +
           "; c.dynamicSmemBytes = " + smem + "; c.attrs = at; c.numAttrs = 1;\n"
           "    cudaLaunchKernelEx(&c, " + callee + ", out); }\n";
  }
}

const char *const kPrelude = "#pragma once\n#include <cuda_runtime.h>\n"
                             "struct Counter { int value; __device__ Counter() : value(0) {} };\n"
                             "template <typename T, int K> struct Storage { T data[K > 0 ? K : 1]; alignas(16) char pad[3]; };\n"
                             "template <typename T> struct Traits { using Element = T; };\n"
                             "template <typename T, int N> __device__ void helper(float *out) { out[N % 7] = 2.0f; }\n";

} // namespace

// The fuzz build links Clang and LLVM as archives built without ASan, while
// this code inlines LLVM's allocators from headers compiled with it: the
// header copies poison the bump allocator's free space and the archive's
// copies hand it out without unpoisoning, which ASan reports as
// use-after-poison in Clang's own identifier table. Such manual poisoning is
// ignored. Likewise Clang's APValue arrays, made and freed by different
// copies of the same inline code, read as malloc freed by delete[]
// (alloc-dealloc-mismatch); the sanitizer build, with Clang as one shared
// library, replays those inputs cleanly. ASan's other checks stay on.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BTLINT_FUZZ_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(BTLINT_FUZZ_UNDER_ASAN)
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0:alloc_dealloc_mismatch=0"; }
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t count) {
  static const bool registered = [] {
    std::string error;
    if (!btlint::registerCudaFrontEnd("", "none", error)) {
      std::fprintf(stderr, "no CUDA front-end: %s\n", error.c_str());
      std::abort();
    }
    return true;
  }();
  (void)registered;
  FuzzedDataProvider data(bytes, count);
  static const char *const types[] = {"float", "int", "double", "char", "Counter", "float2", "__half"};
  std::string header = kPrelude;
  header += kernel(data, "header_kernel");
  header += "template <typename T, int N, int M> void launch_header(float *out, dim3 grid) {\n";
  for (int i = data.ConsumeIntegralInRange(0, 3); i > 0; --i) header += launch(data, "header_kernel", "T, N, M");
  header += "}\n";
  std::string unit = "#include \"kernels.cuh\"\n";
  unit += kernel(data, "file_kernel");
  for (int i = data.ConsumeIntegralInRange(0, 3); i > 0; --i) {
    const std::string args = std::string(pick(data, types)) + ", " + std::to_string(data.ConsumeIntegralInRange(-4, 4096)) +
                             ", " + std::to_string(data.ConsumeIntegralInRange(0, 64));
    switch (data.ConsumeIntegralInRange(0, 2)) {
    case 0: unit += "template void launch_header<" + args + ">(float *, dim3);\n"; break;
    case 1: unit += "void run_" + std::to_string(i) + "(float *out, dim3 grid) {\n" + launch(data, "file_kernel", args) + "}\n"; break;
    default: unit += "template __global__ void header_kernel<" + args + ">(float *);\n"; break;
    }
  }
  unit += data.ConsumeRemainingBytesAsString();

  const std::string headerPath = btlint::fuzz::writeScratchFile(
      "kernels.cuh", reinterpret_cast<const uint8_t *>(header.data()), header.size());
  const std::string unitPath =
      btlint::fuzz::writeScratchFile("unit.cu", reinterpret_cast<const uint8_t *>(unit.data()), unit.size());
  btlint::EngineOptions options;
  options.paths = {unitPath, headerPath};
  options.archs = {"sm80", "sm90", "sm90a"};
  options.jobs = 1;
  btlint::ProjectConfig config;
  btlint::RunResult result = btlint::runAnalysis(options, config);

  auto linesOf = [](const std::string &text) { return 1 + static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n')); };
  for (const btlint::Diagnostic &d : result.diagnostics) {
    if (d.ruleId == "internal-error") {
      std::fprintf(stderr, "internal error in %s: %s\n", d.path.c_str(), d.message.c_str());
      std::abort();
    }
    if (d.path != unitPath && d.path != headerPath) {
      std::fprintf(stderr, "finding for another path: %s\n", d.path.c_str());
      std::abort();
    }
    const uint32_t lines = linesOf(d.path == unitPath ? unit : header);
    if (d.span.line > lines || d.span.endLine > lines || (d.span.valid() && d.span.endLine < d.span.line)) {
      std::fprintf(stderr, "[%s] span %u:%u-%u:%u outside the file's %u lines\n", d.ruleId.c_str(), d.span.line,
                   d.span.column, d.span.endLine, d.span.endColumn, lines);
      std::abort();
    }
  }
  std::string json;
  llvm::raw_string_ostream out(json);
  btlint::emitJson(out, result.diagnostics);
  out.flush();
  if (auto parsed = llvm::json::parse(json); !parsed) {
    std::fprintf(stderr, "emitJson wrote invalid JSON: %s\n", llvm::toString(parsed.takeError()).c_str());
    std::abort();
  }
  return 0;
}
