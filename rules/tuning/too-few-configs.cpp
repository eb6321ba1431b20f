#include "model/KernelCalls.h"
#include "rules/Rule.h"

#include <string>

namespace btlint {
namespace {

// How the message names the kernel's class: Triton kernels by `tl.dot`, CUDA
// kernels (config tables) by their tensor-core MMAs (wmma, mma/wgmma PTX).
std::string matmulPhrase(Language language, bool hasDot) {
  const std::string what = language == Language::Cuda ? "tensor-core MMA" : "`tl.dot`";
  return std::string(hasDot ? "kernels with " : "kernels without ") + what;
}

class TooFewConfigs : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "too-few-configs";
    info.category = RuleCategory::Tuning;
    info.defaultSeverity = Severity::Warning;
    info.upstreamOnly = true;
    info.measure = Measure::Tuning;
    info.summary = "an autotune list too short to find a good config";
    info.doc.whatItDoes =
        "Reports an autotuned kernel whose fully expanded config list has fewer entries than "
        "`min-configs-with-dot` (kernels with a `tl.dot`, in their body or in a `@triton.jit` "
        "helper they call, defined in their file or imported from another module of the project, "
        "which is read from disk when a file is linted alone; or CUDA kernels with a tensor-core MMA, default 6) or `min-configs` (other kernels, default 3). A CUDA config table (a constant "
        "array of structs) counts as the config list of the kernel it configures. An autotuner applied "
        "by hand under an `if` whose condition is false for the target (`if "
        "torch.cuda.get_device_capability()[0] not in [9, 10]: k = triton.autotune(...)(k)` on sm90) "
        "is not applied, and its list is not judged. A list the evaluator could not expand completely is never "
        "reported, since it may be longer than what was read, nor is a list whose `prune_configs_by` "
        "pruner builds the configs that run (`triton.Config(...)` in its body or a helper it calls): "
        "the listed ones are placeholders. A list of one config is not a search but a fixed config: "
        "Triton's autotuner runs it without benchmarking, as a launch with those values written "
        "would, and is not reported.";
    info.doc.whyItMatters =
        "Autotuning pays off only when the list spans the choices that matter: for a matmul, "
        "tile shapes for small and large problems, a few pipeline depths and warp counts. A "
        "list of two or three configs costs a benchmarking pause on every new key and chooses "
        "between near neighbours; on another GPU or another shape the tiles it offers can be "
        "several times slower than what a short sweep would have found.";
    info.doc.example = "@triton.autotune(\n"
                       "    configs=[\n"
                       "        triton.Config({\"BLOCK_M\": 128, \"BLOCK_N\": 128, \"BLOCK_K\": 32}, "
                       "num_stages=3, num_warps=8),\n"
                       "        triton.Config({\"BLOCK_M\": 128, \"BLOCK_N\": 128, \"BLOCK_K\": 32}, "
                       "num_stages=4, num_warps=8),\n"
                       "    ],\n"
                       "    key=[\"M\", \"N\", \"K\"],\n"
                       ")\n";
    info.doc.useInstead =
        "@triton.autotune(\n"
        "    configs=[\n"
        "        triton.Config({\"BLOCK_M\": bm, \"BLOCK_N\": bn, \"BLOCK_K\": bk}, num_stages=s, "
        "num_warps=w)\n"
        "        for bm in (64, 128) for bn in (64, 128) for bk in (32, 64)\n"
        "        for s, w in ((3, 4), (4, 8))\n"
        "    ],\n"
        "    key=[\"M\", \"N\", \"K\"],\n"
        ")\n";
    info.options = {
        {"min-configs-with-dot", "int", "6",
         "fewest configs accepted for a kernel that calls `tl.dot`"},
        {"min-configs", "int", "3", "fewest configs accepted for any other autotuned kernel"},
    };
    return info;
  }

  void check(RuleContext &context) const override {
    const int64_t minimumWithDot = context.options().getInt("min-configs-with-dot");
    const int64_t minimumOther = context.options().getInt("min-configs");
    for (const Kernel &kernel : context.file().kernels) {
      if (!kernel.autotune) continue;
      const ConfigList &list = kernel.autotune->configs;
      if (!list.complete) continue;
      // The pruner returns configs it builds: how many run is its answer.
      if (kernel.autotune->prunerBuildsConfigs) continue;
      // A dot in a @triton.jit helper it calls, here or imported, is the
      // kernel's own (inlined).
      const bool hasDot = dotPresence(kernel, context.file()) == Presence::Yes;
      const int64_t minimum = hasDot ? minimumWithDot : minimumOther;
      const int64_t count = static_cast<int64_t>(list.configs.size());
      // One config is a fixed config: Triton's autotuner runs it unbenchmarked.
      if (count >= minimum || count == 1) continue;
      const SourceSpan span = list.span.valid() ? list.span : kernel.autotune->span;
      auto diagnostic = context.report(
          span, kernel.tunedObjectName() + " autotunes over " + std::to_string(count) + " config" +
                    (count == 1 ? "" : "s") + "; " +
                    matmulPhrase(kernel.language, hasDot) + " need at least " +
                    std::to_string(minimum) + " to find a good one");
      diagnostic.about(kernel);
      for (const Note &note : list.evaluationNotes) diagnostic.note(note);
      diagnostic.note(std::string("the threshold is the `") +
                      (hasDot ? "min-configs-with-dot" : "min-configs") +
                      "` option of this rule");
    }
  }
};

BTLINT_REGISTER_RULE(TooFewConfigs);

} // namespace
} // namespace btlint
