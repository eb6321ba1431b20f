#include "resources/ConfigChecks.h"
#include "rules/ConfigUses.h"
#include "rules/Rule.h"
#include "rules/MergeAtLiteral.h"

#include <map>
#include <string>
#include <vector>

namespace btlint {
namespace {
using resources::isPowerOfTwo;


std::optional<ScalarValue> numWarpsOf(const Config &config) {
  if (config.numWarps) return config.numWarps;
  if (auto inDict = config.params.find("num_warps"); inDict != config.params.end())
    return inDict->second;
  return std::nullopt;
}

class NumWarpsInvalid : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "num-warps-invalid";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.measure = Measure::CompileFails;
    info.summary = "`num_warps` is not a power of two, or needs more threads than a block allows";
    info.doc.whatItDoes =
        "Reports a `num_warps` value, in an autotune config or at a launch, that is not a power "
        "of two, or whose threads (`num_warps` times the warp size) exceed the target "
        "architecture's threads per block: 32 warps on NVIDIA GPUs, 16 wavefronts of 64 on "
        "CDNA GPUs.";
    info.doc.whyItMatters =
        "Triton asserts `num_warps must be a power of 2` when it builds the compile options, "
        "so such a config or launch always fails. A block of more threads than the GPU allows "
        "compiles, then fails to load with an out-of-resources error for `threads`; inside an "
        "autotune list that config is silently dropped and the sweep is smaller than it looks. "
        "Values of 64 warps are a convention of some vendor forks, not of NVIDIA's Triton.";
    info.doc.example = "configs = [triton.Config({\"BLOCK_SIZE\": 4096}, num_warps=w) for w in (4, 8, 12, 64)]\n";
    info.doc.useInstead = "configs = [triton.Config({\"BLOCK_SIZE\": 4096}, num_warps=w) for w in (4, 8, 16, 32)]\n";
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch) return;
    const int64_t maxWarps = arch->maxThreadsPerBlock / arch->warpSize;

    FindingsAtLiterals<ValueSite> sites;

    for (const Kernel &kernel : context.file().kernels) {
      if (!kernel.autotune) continue;
      const ConfigList &list = kernel.autotune->configs;
      for (const Config &config : list.configs) {
        const std::optional<ScalarValue> warps = numWarpsOf(config);
        if (!warps || !warps->isInt()) continue;
        SourceSpan span = list.span;
        if (config.sourcePath.empty())
          span = warps->span().valid() ? warps->span() : config.span;
        recordValue(sites, span, warps->asInt(), &config, kernel.name, &kernel);
      }
    }
    for (const LaunchSite &launch : context.file().launches) {
      // An autotuned kernel's configs replace the launch's `num_warps`
      // (config-conflicts-with-launch says so), so that value never compiles.
      const Kernel *kernel = context.calledKernel(launch);
      if (kernel && kernel->autotune) continue;
      for (const LaunchArgument &argument : launch.arguments)
        if (argument.name == "num_warps" && argument.value.isInt())
          recordValue(sites, argument.value.span().valid() ? argument.value.span() : argument.span,
                 argument.value.asInt(), nullptr, launch.kernel, kernel);
    }

    for (const ValueSite &site : sites) {
      const std::string where = setterOf(site);
      std::string problem;
      if (!isPowerOfTwo(site.value))
        problem = "`num_warps` must be a power of two";
      else if (site.value > maxWarps)
        problem = arch->name + " allows at most " + std::to_string(maxWarps) + " warps (" +
                  std::to_string(arch->maxThreadsPerBlock) + " threads) per block";
      else
        continue;
      auto diagnostic = context.report(site.span, where + " `num_warps` to " +
                                                      std::to_string(site.value) + "; " + problem);
      if (site.owner) diagnostic.about(*site.owner, site.configs);
      if (!site.configs.empty()) {
        const Config &first = *site.configs.front();
        if (!first.expansion.empty()) diagnostic.note(first.expansion);
        if (site.configs.size() > 1) diagnostic.note(alsoReachesConfigsNote(site.configs));
        if (!first.sourcePath.empty())
          diagnostic.note("the config is written in " + first.sourcePath + ":" + std::to_string(first.span.line),
                          first.span, first.sourcePath);
      }
    }
  }
};

BTLINT_REGISTER_RULE(NumWarpsInvalid);

} // namespace
} // namespace btlint
