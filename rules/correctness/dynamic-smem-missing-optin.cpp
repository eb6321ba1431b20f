#include "rules/Rule.h"
#include "source/LineKeys.h"

#include <optional>
#include <string>

namespace btlint {
namespace {

// Without cudaFuncAttributeMaxDynamicSharedMemorySize a kernel may use
// 48 KiB of shared memory per block, static and dynamic together
// (/work/shared/FACTS.md, CUDA). Above it the launch fails with
// cudaErrorInvalidValue on an H200 with CUDA 13 (docs/bench/cuda/).
constexpr int64_t kDefaultSharedLimit = 48 * 1024;

// The kernel's static shared memory as far as it is known: the exact total
// when the extractor laid the variables out, otherwise the sum of the sizes it
// knows (a lower bound), as static-smem-over-48k counts it.
int64_t staticSharedLowerBound(const Kernel &kernel) {
  if (kernel.staticSharedBytes) return *kernel.staticSharedBytes;
  int64_t bytes = 0;
  for (const SharedAllocation &allocation : kernel.sharedAllocations)
    if (!allocation.isDynamic && allocation.bytes) bytes += *allocation.bytes;
  return bytes;
}

// What the program opts the launched kernel in to: the largest known size,
// nothing when it never opts in, and an empty optional inside when it opts
// in to a size only known at run time.
struct OptIn {
  bool found = false;
  std::optional<int64_t> bytes;
  SourceSpan span;
};

OptIn optInFor(const LaunchSite &launch, const Kernel *kernel, const RuleContext &context) {
  OptIn optIn;
  bool unknownSize = false;
  for (const DynamicSmemOptIn &call : context.file().dynamicSmemOptIns) {
    if (call.kernel != launch.kernel) continue;
    optIn.found = true;
    if (!call.bytes) unknownSize = true;
    else if (!optIn.bytes || *call.bytes > *optIn.bytes) {
      optIn.bytes = call.bytes;
      optIn.span = call.span;
    }
  }
  if (kernel && kernel->hasOptInDynamicSmem) {
    optIn.found = true;
    if (!kernel->optInDynamicSmemBytes) unknownSize = true;
    else if (!optIn.bytes || *kernel->optInDynamicSmemBytes > *optIn.bytes) optIn.bytes = kernel->optInDynamicSmemBytes;
  }
  if (unknownSize) optIn.bytes.reset();
  return optIn;
}

// Whether the file's text calls cudaFuncSetAttribute on `kernel` (`&k<4>`,
// `(void *)k<4>`): where the parse recovered from errors (a header not
// found, types it declares unknown), Clang drops calls it cannot type, and
// an opt-in written in the source is missing from the model.
bool optInWritten(std::string_view source, const std::string &kernel) {
  const std::string name = withoutBlanks(kernel);
  for (size_t at = source.find("cudaFuncSetAttribute"); at != std::string_view::npos;
       at = source.find("cudaFuncSetAttribute", at + 1)) {
    size_t open = source.find('(', at);
    if (open == std::string_view::npos) break;
    int depth = 0;
    size_t close = open;
    for (; close < source.size(); ++close) {
      if (source[close] == '(') ++depth;
      else if (source[close] == ')' && --depth == 0) break;
    }
    if (containsWord(withoutBlanks(source.substr(open + 1, close - open - 1)), name)) return true;
  }
  return false;
}

class DynamicSmemMissingOptin : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "dynamic-smem-missing-optin";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.upstreamOnly = true;
    info.measure = Measure::LaunchFails;
    info.summary = "a CUDA launch above 48 KiB of shared memory without opting the kernel in";
    info.doc.whatItDoes =
        "Reports a CUDA launch (`<<<...>>>`, `cudaLaunchKernel`, `cudaLaunchKernelEx`) whose dynamic "
        "shared memory, added to the kernel's static shared memory, exceeds 49152 bytes when the "
        "program never calls `cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, "
        "bytes)` for that kernel (instantiation), or opts it in to less than the launch asks for. The "
        "call counts when it is made directly, through a function-pointer variable the launch also uses, "
        "through a pointer declared without a value and assigned one kernel once (`void *kernel; kernel = "
        "(void *)attn_fwd<Traits, true>;`, then a launch of `attn_fwd<Traits, true>` by name), "
        "or inside a helper function or lambda (`auto allow = [&](auto k) { cudaFuncSetAttribute(k, ...); "
        "}`) that is handed the kernel. "
        "Sizes only known at run time are not judged. Where the file did not parse whole (a header "
        "not found, so types its kernels or launchers use are unknown), Clang drops the calls it "
        "cannot type: a `cudaFuncSetAttribute` call written in the file that names the launched "
        "kernel counts as an opt-in of a size not judged. A kernel whose static shared memory alone "
        "exceeds 48 KiB is left to `static-smem-over-48k`: ptxas rejects it, and no opt-in helps.";
    info.doc.whyItMatters =
        "A kernel may use 48 KiB of shared memory per block unless it is opted in to more; above "
        "that the launch fails and the kernel never runs (`cudaErrorInvalidValue`, \"invalid "
        "argument\", on an H200 with CUDA 13). Nothing fails at compile time, and a launcher that "
        "does not check `cudaGetLastError()` carries on with garbage in its output buffer.";
    info.doc.exampleLanguage = "cuda";
    info.doc.example = "const int bytes = 96 * 1024;\n"
                       "attention<<<grid, 128, bytes>>>(q, k, v, out);\n";
    info.doc.useInstead =
        "const int bytes = 96 * 1024;\n"
        "cudaFuncSetAttribute(attention, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);\n"
        "attention<<<grid, 128, bytes>>>(q, k, v, out);\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const LaunchSite &launch : context.file().launches) {
      if (!launch.dynamicSmemBytes || !launch.dynamicSmemBytes->isInt()) continue;
      const int64_t dynamicBytes = launch.dynamicSmemBytes->asInt();
      // Without dynamic shared memory there is nothing to opt in to.
      if (dynamicBytes <= 0) continue;
      const Kernel *kernel = context.calledKernel(launch);
      if (kernel && kernel->language != Language::Cuda) continue;
      // Static shared memory alone over 48 KiB cannot be opted in at all
      // (ptxas rejects the kernel); static-smem-over-48k reports it, and the
      // opt-in this rule would suggest could not make the launch work.
      if (kernel && staticSharedLowerBound(*kernel) > kDefaultSharedLimit) continue;
      const int64_t staticBytes = kernel && kernel->staticSharedBytes ? *kernel->staticSharedBytes : 0;
      const int64_t total = staticBytes + dynamicBytes;
      if (total <= kDefaultSharedLimit) continue;
      const OptIn optIn = optInFor(launch, kernel, context);
      if (optIn.found && (!optIn.bytes || *optIn.bytes >= dynamicBytes)) continue;
      if (!optIn.found && !context.file().parseProblems.empty() && optInWritten(context.source(), launch.kernel))
        continue;

      const SourceSpan span = launch.dynamicSmemBytes->span().valid() ? launch.dynamicSmemBytes->span() : launch.span;
      const std::string usage = std::to_string(dynamicBytes) + " bytes of dynamic shared memory" +
                                (staticBytes ? " (" + std::to_string(total) + " with its static shared memory)" : "");
      std::string message;
      if (optIn.found)
        message = "`" + launch.kernel + "` is launched with " + usage + " but opted in to only " +
                  std::to_string(*optIn.bytes) + " bytes";
      else
        message = "`" + launch.kernel + "` is launched with " + usage +
                  " but never opted in; without cudaFuncSetAttribute the launch fails above " +
                  std::to_string(kDefaultSharedLimit) + " bytes";
      auto diagnostic = context.report(span, message);
      if (kernel) diagnostic.about(*kernel);
      if (optIn.found && optIn.span.valid())
        diagnostic.note("the opt-in is at line " + std::to_string(optIn.span.line), optIn.span);
      if (staticBytes)
        diagnostic.note("the kernel's static __shared__ variables take " + std::to_string(staticBytes) +
                        " bytes of the 48 KiB allowed without opting in");
      diagnostic.note("call cudaFuncSetAttribute(" + launch.kernel +
                      ", cudaFuncAttributeMaxDynamicSharedMemorySize, " + std::to_string(dynamicBytes) +
                      ") before the launch");
    }
  }
};

BTLINT_REGISTER_RULE(DynamicSmemMissingOptin);

} // namespace
} // namespace btlint
