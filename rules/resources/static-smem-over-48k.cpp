#include "rules/Rule.h"

#include <algorithm>
#include <string>

namespace btlint {
namespace {

// ptxas rejects more static shared memory per kernel than this on every
// NVIDIA arch: "uses too much shared data (0x10000 bytes, 0xc000 max)"
// (/work/shared/FACTS.md, CUDA).
constexpr int64_t kStaticSharedLimit = 48 * 1024;

std::string bytesWithKiB(int64_t bytes) {
  std::string text = std::to_string(bytes) + " bytes";
  if (bytes % 1024 == 0) text += " (" + std::to_string(bytes / 1024) + " KiB)";
  return text;
}

class StaticSmemOver48k : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "static-smem-over-48k";
    info.category = RuleCategory::Resources;
    info.defaultSeverity = Severity::Error;
    info.upstreamOnly = true;
    info.measure = Measure::StaticShared;
    info.summary = "a CUDA kernel whose static __shared__ memory exceeds the 48 KiB ptxas accepts";
    info.doc.whatItDoes =
        "Adds up the static `__shared__` variables a CUDA kernel uses, per template instantiation, "
        "the way ptxas allocates them: the variables the kernel and the device functions it calls "
        "read (ptxas drops the others), in order, each at a multiple of its alignment. Reports a "
        "total above 49152 bytes. A template the file never instantiates is reported only when its "
        "sizes that do not depend on template parameters already exceed the limit.";
    info.doc.whyItMatters =
        "Static shared memory is capped at 48 KiB per block on every NVIDIA GPU, whatever the "
        "hardware has: ptxas fails with `uses too much shared data (0x10000 bytes, 0xc000 max)`. "
        "In a template library the failing instantiation is often one a launcher only builds for "
        "a large tile, so the error appears late, in someone else's build. Going beyond 48 KiB "
        "takes dynamic shared memory and an explicit opt-in, up to the arch's maximum "
        "(232448 bytes on sm90).";
    info.doc.exampleLanguage = "cuda";
    info.doc.example = "template <int BM, int BN, int BK>\n"
                       "__global__ void gemm(const float *A, const float *B, float *C) {\n"
                       "  __shared__ float As[BM * BK];  // 128 * 64 * 4 = 32 KiB\n"
                       "  __shared__ float Bs[BK * BN];  // another 32 KiB\n"
                       "  // ...\n"
                       "}\n"
                       "gemm<128, 128, 64><<<grid, 256>>>(A, B, C);\n";
    info.doc.useInstead =
        "template <int BM, int BN, int BK>\n"
        "__global__ void gemm(const float *A, const float *B, float *C) {\n"
        "  extern __shared__ float smem[];\n"
        "  float *As = smem, *Bs = smem + BM * BK;\n"
        "  // ...\n"
        "}\n"
        "constexpr int bytes = (128 * 64 + 64 * 128) * sizeof(float);\n"
        "cudaFuncSetAttribute(gemm<128, 128, 64>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);\n"
        "gemm<128, 128, 64><<<grid, 256, bytes>>>(A, B, C);\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language != Language::Cuda) continue;
      int64_t knownBytes = 0;
      bool allKnown = true;
      for (const SharedAllocation &allocation : kernel.sharedAllocations) {
        if (allocation.isDynamic) continue;
        if (allocation.bytes)
          knownBytes += *allocation.bytes;
        else
          allKnown = false;
      }
      const int64_t total = kernel.staticSharedBytes.value_or(knownBytes);
      if (total <= kStaticSharedLimit) continue;
      const bool exact = kernel.staticSharedBytes.has_value();
      const SourceSpan span = kernel.nameSpan.valid() ? kernel.nameSpan : kernel.span;
      auto diagnostic = context.report(
          span, "`" + kernel.name + "` uses " + (exact ? "" : "at least ") + bytesWithKiB(total) +
                    " of static shared memory; ptxas accepts at most " + bytesWithKiB(kStaticSharedLimit));
      diagnostic.about(kernel);
      addBreakdown(kernel, total, knownBytes, diagnostic);
      if (!allKnown)
        diagnostic.note("the sizes of the other __shared__ arrays depend on template parameters and are "
                        "not counted");
      for (const Note &note : kernel.notes) diagnostic.note(note);
      diagnostic.note("move the arrays into dynamic shared memory (`extern __shared__`) and raise the limit "
                      "with cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)");
    }
  }

private:
  static void addBreakdown(const Kernel &kernel, int64_t total, int64_t knownBytes, DiagnosticBuilder &diagnostic) {
    std::vector<const SharedAllocation *> allocations;
    for (const SharedAllocation &allocation : kernel.sharedAllocations)
      if (!allocation.isDynamic && allocation.bytes) allocations.push_back(&allocation);
    std::stable_sort(allocations.begin(), allocations.end(),
                     [](const SharedAllocation *a, const SharedAllocation *b) { return *a->bytes > *b->bytes; });
    for (const SharedAllocation *allocation : allocations)
      diagnostic.note("`" + allocation->name + "` (line " + std::to_string(allocation->span.line) + "): " +
                          std::to_string(*allocation->bytes) + (*allocation->bytes == 1 ? " byte" : " bytes"),
                      allocation->span);
    if (kernel.staticSharedBytes && total > knownBytes)
      diagnostic.note(std::to_string(total - knownBytes) + (total - knownBytes == 1 ? " byte" : " bytes") +
                      " of alignment padding between them");
  }
};

BTLINT_REGISTER_RULE(StaticSmemOver48k);

} // namespace
} // namespace btlint
