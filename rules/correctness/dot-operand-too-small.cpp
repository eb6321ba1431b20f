#include "eval/TileEval.h"
#include "rules/ConfigUses.h"
#include "resources/ConfigChecks.h"
#include "rules/Rule.h"
#include "rules/MergeAtLiteral.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace btlint {
namespace {

using Finding = LiteralFinding;

class DotOperandTooSmall : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "dot-operand-too-small";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.measure = Measure::CompileFails;
    info.summary = "a `tl.dot` whose K extent is below the minimum for its input type";
    info.doc.whatItDoes =
        "Evaluates the reduction (K) extent of each `tl.dot` under every autotune config, "
        "launch and default, and reports one under 16 for 16- and 32-bit inputs or under 32 "
        "for 8-bit inputs (fp8, int8). The input type is the one visible at the dot (a cast, "
        "a typed load; an int32 accumulator or `out_dtype=tl.int32` means int8 inputs), else the kernel's element type from `.btlint.yaml`, a `# btlint: "
        "dtype=` comment or `--dtype` (fp16 by default); the finding says which it used. Small "
        "M and N are not reported: Triton pads them. Values known only at run time (a group "
        "size checked by an `assert` in the launcher) are not judged. The limit is NVIDIA's: "
        "on AMD targets Triton computes small dots without matrix cores, and nothing is "
        "reported. A config the `prune_configs_by` pruner drops by a test on its own values (`config.kwargs[\"B_c\"] != 0` in the test that filters the list, also in a predicate helper it calls there) is not judged: it never runs. Nor is a dot in an `if` arm on a constexpr that the config or launch compiles out (`if BLOCK_DPE > 0:` where the launch passes 0), also inside a loop or a test decided at run time.";
    info.doc.whyItMatters =
        "NVIDIA tensor-core instructions consume K in fixed steps, and Triton refuses smaller "
        "dots at compile time (`Input shapes should have M >= 1, N >= 1 and K >= 16`). In an "
        "autotune list the config fails and is dropped silently, so a sweep over `BLOCK_K` in "
        "(8, 32, 64) is really a sweep over (32, 64); a kernel launched with such a K does not "
        "compile. 8-bit inputs need twice the K of 16-bit ones, so a K of 16 that works in fp16 "
        "breaks when the same kernel is fed fp8.";
    info.doc.example = "configs = [triton.Config({\"BLOCK_M\": 64, \"BLOCK_N\": 64, \"BLOCK_K\": bk}) "
                       "for bk in (8, 32, 64)]\n"
                       "...\n"
                       "acc = tl.dot(a, b, acc)  # a: [BLOCK_M, BLOCK_K], b: [BLOCK_K, BLOCK_N]\n";
    info.doc.useInstead = "configs = [triton.Config({\"BLOCK_M\": 64, \"BLOCK_N\": 64, \"BLOCK_K\": bk}) "
                          "for bk in (16, 32, 64)]\n"
                          "...\n"
                          "acc = tl.dot(a, b, acc)\n";
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    // The minimum is the NVIDIA backend's; Triton's AMD backend falls back to
    // FMA for small dots (min_dot_size (1, 1, 1)) and accepts any K.
    const ArchInfo *arch = context.arch();
    if (!arch || arch->vendor != Vendor::Nvidia) return;
    FindingsAtLiterals<Finding> findings;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language != Language::Python) continue;
      const std::vector<ConfigUse> &uses = context.file().configUsesOf(kernel);
      for (const DotSite &dot : kernel.dots) {
        const std::optional<resources::DotRequirement> requirement =
            resources::dotRequirement(dot, kernel, context.settings().dtype, context.settings().dtypeSource);
        if (!requirement) continue;
        const std::vector<std::string> params = paramsRead(*requirement->k);
        for (const ConfigUse &use : uses) checkReduction(kernel, dot, *requirement, params, use, findings);
      }
    }
    reportFindings(context, findings);
  }

private:
  // `params`: what paramsRead(*input.k) gives.
  static void checkReduction(const Kernel &kernel, const DotSite &dot, const resources::DotRequirement &input,
                             const std::vector<std::string> &params, const ConfigUse &use,
                             FindingsAtLiterals<Finding> &findings) {
    const TileDim &k = *input.k;
    const int64_t minimum = input.minimumK;
    for (const std::string &name : params)
      if (setElsewhere(name, kernel, use)) return;
    if (params.empty() && use.source != ConfigUse::Source::Defaults) return;
    // A dot in an arm the use compiles out (`if BLOCK_DPE > 0:` where the
    // launch passes 0) is never built.
    if (!guardsHold(dot.guards, use.values(), kernel)) return;
    const std::optional<int64_t> value = evaluateDim(k, use.values(), kernel);
    if (!value || *value >= minimum) return;

    Finding finding;
    std::string cause;
    const std::string kValue = std::to_string(*value);
    if (params.empty()) {
      finding.span = k.span.valid() ? k.span : dot.span;
      cause = "`tl.dot`'s K is " + kValue;
    } else if (params.size() == 1) {
      const std::optional<ValueOrigin> origin = originOf(params.front(), use, kernel);
      if (!origin) return;
      finding.span = origin->span;
      cause = origin->phrase;
      if (k.text != params.front()) cause += ", so `tl.dot`'s K (`" + k.text + "`) is " + kValue;
    } else {
      finding.span = useSpan(use, kernel);
      cause = useName(use, kernel) + " makes `tl.dot`'s K (`" + k.text + "`) " + kValue;
    }
    auto [found, fresh] = findings.at(finding.span);
    if (!fresh) {
      addConfig(found.configs, use.listed);
      return;
    }
    finding.message = cause + "; `tl.dot` needs K >= " + std::to_string(minimum) + " for " +
                      input.dtype + " inputs";
    if (use.listed && !use.listed->expansion.empty())
      finding.notes.push_back(use.listed->expansion.note());
    if (!input.assumption.empty()) finding.notes.push_back(Note(input.assumption, input.assumptionPlace));
    if (dot.span.valid() && dot.span.line != finding.span.line)
      finding.notes.push_back(Note("the dot is at line " + std::to_string(dot.span.line), dot.span));
    finding.kernel = &kernel;
    if (use.listed) finding.configs.push_back(use.listed);
    found = std::move(finding);
  }
};

BTLINT_REGISTER_RULE(DotOperandTooSmall);

} // namespace
} // namespace btlint
