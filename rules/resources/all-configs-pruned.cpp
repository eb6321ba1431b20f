#include "model/AutotuneText.h"
#include "resources/ConfigVerdict.h"
#include "rules/ConfigUses.h"
#include "rules/Rule.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace btlint {
namespace {

class AllConfigsPruned : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "all-configs-pruned";
    info.category = RuleCategory::Resources;
    info.defaultSeverity = Severity::Error;
    info.measure = Measure::AllPruned;
    info.summary = "no config of an autotune list can run on the target arch";
    info.doc.whatItDoes =
        "Judges every config of a Triton kernel's autotune list for each target `--arch`, as "
        "`btlint report` does, and reports the list when every config is eliminated: shared "
        "memory over the arch's per-block limit (only where even the lower end of the estimate "
        "overflows), more threads than a block may have, `num_warps` not a power of two, or "
        "`num_ctas > 1` where the arch has no thread-block clusters. A `prune_configs_by` "
        "pruner can only remove more configs, so the verdict stands with one. Lists the "
        "evaluator could not expand completely, and configs whose sizes do not resolve, are "
        "not judged. The verdict never rests on an assumed element type: where nothing says what "
        "the `tl.dot` inputs are (a cast on the operands, an int32 accumulator, a `# btlint: dtype=` "
        "comment, `.btlint.yaml`, `--dtype`; a cast of the stored result does not count), shared "
        "memory must overflow even with 1-byte elements (int8, fp8) for the list to be reported.";
    info.doc.whyItMatters =
        "The autotuner skips configs that fail to compile or load and moves on silently; when "
        "none is left, the first launch of the kernel fails (`OutOfResources`, or no valid "
        "config), on that GPU only. A list tuned on an H100 (232448 bytes of shared memory per "
        "block) can be entirely out of reach of an A10 or an RTX card (101376 bytes), and the "
        "code then works in CI on one machine and fails for users on another.";
    info.doc.example = "@triton.autotune(configs=[\n"
                       "    triton.Config({\"BLOCK_M\": 256, \"BLOCK_N\": 256, \"BLOCK_K\": 64}, num_stages=4),\n"
                       "    triton.Config({\"BLOCK_M\": 256, \"BLOCK_N\": 128, \"BLOCK_K\": 128}, num_stages=4),\n"
                       "], key=[\"M\", \"N\", \"K\"])  # both over sm86's 101376 bytes\n";
    info.doc.useInstead = "@triton.autotune(configs=[\n"
                          "    triton.Config({\"BLOCK_M\": 256, \"BLOCK_N\": 256, \"BLOCK_K\": 64}, num_stages=4),\n"
                          "    triton.Config({\"BLOCK_M\": 128, \"BLOCK_N\": 128, \"BLOCK_K\": 32}, num_stages=3),\n"
                          "], key=[\"M\", \"N\", \"K\"])  # a config that fits smaller GPUs\n";
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch) return;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language != Language::Python || !kernel.autotune) continue;
      const AutotuneSpec &spec = *kernel.autotune;
      const ConfigList &list = spec.configs;
      if (!list.complete || list.configs.empty()) continue;
      const auto [dtype, dtypeSource] =
          resources::resourceDtypeOf(kernel, context.settings().dtype, context.settings().dtypeSource);
      std::vector<std::string> reasons;
      std::map<std::string, int> byCause;
      bool bySharedMemory = false;
      bool allEliminated = true;
      // An autotuned kernel's uses are its list, in order.
      const resources::JudgedUses &judged =
          resources::judgeConfigUses(context.caches().verdicts, context.file(), kernel, kernel, *arch, dtype, dtypeSource);
      for (size_t i = 0; i < judged.uses.size(); ++i) {
        const Config &config = *judged.uses[i]->listed;
        const resources::TritonConfigVerdict &verdict = judged.verdicts[i];
        if (!verdict.eliminated()) {
          allEliminated = false;
          break;
        }
        reasons.push_back("config " + std::to_string(config.index + 1) + ": " + verdict.eliminatedBy.front().text());
        byCause[verdict.eliminatedBy.front().cause]++;
        bySharedMemory = bySharedMemory || verdict.eliminatedBy.front().rule == "smem-over-budget";
      }
      if (!allEliminated) continue;
      const bool assumedType = resources::dtypeIsAssumed(kernel, context.settings().dtypeSource);
      // Shared memory judged with an assumed element type: the verdict must
      // hold for the narrowest type too, or it rests on the assumption.
      if (assumedType && bySharedMemory) {
        const resources::JudgedUses &narrow = resources::judgeConfigUses(
            context.caches().verdicts, context.file(), kernel, kernel, *arch, resources::kNarrowestDtype,
            "the narrowest element type");
        if (std::any_of(narrow.verdicts.begin(), narrow.verdicts.end(),
                        [](const resources::TritonConfigVerdict &verdict) { return !verdict.eliminated(); }))
          continue;
      }
      std::string causes;
      for (const auto &[cause, count] : byCause)
        causes += (causes.empty() ? "" : ", ") + std::to_string(count) + " by " + cause;
      const SourceSpan span = list.span.valid() ? list.span : spec.span;
      const size_t count = list.configs.size();
      auto diagnostic = context.report(
          span, (count == 1 ? std::string("the only config") : "all " + std::to_string(count) + " configs") +
                    " of " + kernel.tunedObjectName() + (count == 1 ? " is" : " are") + " eliminated on " +
                    arch->name + " (" + causes + "); the first launch fails there");
      std::vector<const Config *> configs;
      for (const Config &config : list.configs) configs.push_back(&config);
      diagnostic.about(kernel, configs);
      for (size_t i = 0; i < reasons.size() && i < 8; ++i) diagnostic.note(reasons[i]);
      if (reasons.size() > 8) diagnostic.note("and " + std::to_string(reasons.size() - 8) + " more");
      if (assumedType && bySharedMemory)
        diagnostic.note("the element type is not known (" + dtype + " assumed, " + dtypeSource +
                            "); with 1-byte elements (int8, fp8) no config fits " + arch->name + " either",
                        dtypeSourcePlace(kernel, dtypeSource));
      else
        diagnostic.note("assumed: element type " + dtype + " (" + dtypeSource + ")", dtypeSourcePlace(kernel, dtypeSource));
      if (spec.hasPruner)
        diagnostic.note(prunerPhrase(spec) + " can only remove more configs");
      diagnostic.note("add a config that fits " + arch->name + ", or choose the list by device capability");
    }
  }
};

BTLINT_REGISTER_RULE(AllConfigsPruned);

} // namespace
} // namespace btlint
