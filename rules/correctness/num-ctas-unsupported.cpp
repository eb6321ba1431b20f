#include "resources/ConfigVerdict.h"
#include "rules/Rule.h"
#include "rules/MergeAtLiteral.h"

#include <map>
#include <string>
#include <vector>

namespace btlint {
namespace {

struct Site {
  SourceSpan span;
  int64_t value = 0;
  std::string label;
  Note expansion;
  std::string kernel;
  const Kernel *owner = nullptr;
  std::vector<const Config *> configs;
  std::vector<std::string> others;
};

class NumCtasUnsupported : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "num-ctas-unsupported";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.summary = "`num_ctas` above 1 on a target without thread-block clusters";
    info.doc.whatItDoes =
        "Reports `num_ctas` greater than 1, in an autotune config or at a launch, when the target "
        "`--arch` cannot run a cluster of blocks: NVIDIA before sm90, sm120 (Triton's NVIDIA "
        "backend refuses `num_ctas > 1` on sm_120), and AMD targets (Triton's AMD backend has no "
        "multi-CTA support). sm90 and sm100 accept it.";
    info.doc.whyItMatters =
        "`num_ctas` asks Triton to launch each program as a cluster of cooperating blocks, a "
        "Hopper feature. On older GPUs and on AMD the kernel does not compile for that config; "
        "inside an autotune list it is dropped silently, and if it was the list's only config "
        "for a shape, the kernel stops working on those GPUs. Lists written on an H100 often "
        "carry such configs to A100 users.";
    info.doc.example = "configs = [triton.Config({\"BLOCK_M\": 128, \"BLOCK_N\": 256}, num_warps=8, num_ctas=2)]\n";
    info.doc.useInstead =
        "configs = [triton.Config({\"BLOCK_M\": 128, \"BLOCK_N\": 256}, num_warps=8,\n"
        "                         num_ctas=2 if torch.cuda.get_device_capability()[0] == 9 else 1)]\n";
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch) return;
    FindingsAtLiterals<Site> sites;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language != Language::Python) continue;
      for (const ConfigUse &use : context.file().configUsesOf(kernel)) {
        const std::optional<ScalarValue> &ctas = use.values().numCtas;
        if (!ctas || !ctas->isInt() || resources::numCtasProblem(ctas->asInt(), *arch).empty()) continue;
        SourceSpan span = ctas->span().valid() ? ctas->span() : use.values().span;
        if (use.listed && !use.listed->sourcePath.empty()) span = use.list->span;
        if (use.launch && !span.valid()) span = use.launch->span;
        auto [site, fresh] = sites.at(span, ctas->asInt());
        addConfig(site.configs, use.listed);
        if (!fresh) {
          site.others.push_back(use.label());
          continue;
        }
        site.owner = &kernel;
        site.value = ctas->asInt();
        site.label = use.label();
        site.expansion = use.listed ? use.listed->expansion.note() : Note();
        site.kernel = kernel.name;
      }
    }
    for (const Site &site : sites) {
      auto diagnostic = context.report(site.span, site.label + " of `" + site.kernel + "` sets `num_ctas` to " +
                                                      std::to_string(site.value) + ", which " + arch->name +
                                                      " cannot run: " + resources::numCtasProblem(site.value, *arch));
      diagnostic.about(*site.owner, site.configs);
      if (!site.expansion.text.empty()) diagnostic.note(site.expansion);
      if (!site.others.empty()) diagnostic.note(alsoNote("reaches", site.others));
      diagnostic.note("keep num_ctas=1 for this target (select the list by device capability)");
    }
  }
};

BTLINT_REGISTER_RULE(NumCtasUnsupported);

} // namespace
} // namespace btlint
