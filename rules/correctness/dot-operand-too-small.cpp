#include "eval/TileEval.h"
#include "rules/ConfigBindings.h"
#include "resources/DotLimits.h"
#include "rules/Rule.h"
#include "rules/MergeAtLiteral.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace btlint {
namespace {

using Binding = ConfigBinding;

// The K dimension of a dot: A's last dimension, else B's second to last.
const TileDim *reductionDim(const DotSite &dot) {
  if (dot.a.size() >= 2) return &dot.a.back();
  if (dot.b.size() >= 2) return &dot.b[dot.b.size() - 2];
  return nullptr;
}

struct InputType {
  std::string dtype;
  std::string assumption; // empty when the kernel's code shows the type
};

std::string describeAssumption(const std::string &dtype, const std::string &source) {
  if (source.empty() || source == "default")
    return "assumed " + dtype + " inputs, btlint's default; set `--dtype` or a "
           "`# btlint: dtype=` comment if they differ";
  if (source == "config" || source == "config override")
    return "assumed " + dtype + " inputs, from .btlint.yaml";
  return "assumed " + dtype + " inputs, from " + source;
}

InputType inputTypeOf(const DotSite &dot, const Kernel &kernel, const AnalysisSettings &settings) {
  if (!dot.inputDtype.empty()) return {dot.inputDtype, ""};
  if (!kernel.dtype.empty()) return {kernel.dtype, describeAssumption(kernel.dtype, kernel.dtypeSource)};
  return {settings.dtype, describeAssumption(settings.dtype, settings.dtypeSource)};
}

struct Finding {
  SourceSpan span;
  std::string message;
  std::vector<std::string> notes;
  std::vector<const Config *> configs;
};

class DotOperandTooSmall : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "dot-operand-too-small";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.summary = "a `tl.dot` whose K extent is below the minimum for its input type";
    info.doc.whatItDoes =
        "Evaluates the reduction (K) extent of each `tl.dot` under every autotune config, "
        "launch and default, and reports one under 16 for 16- and 32-bit inputs or under 32 "
        "for 8-bit inputs (fp8, int8). The input type is the one visible at the dot (a cast, "
        "a typed load), else the kernel's element type from `.btlint.yaml`, a `# btlint: "
        "dtype=` comment or `--dtype` (fp16 by default); the finding says which it used. Small "
        "M and N are not reported: Triton pads them. Values known only at run time (a group "
        "size checked by an `assert` in the launcher) are not judged. The limit is NVIDIA's: "
        "on AMD targets Triton computes small dots without matrix cores, and nothing is "
        "reported.";
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
    std::vector<Finding> findings;
    LiteralSlots findingAt;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language != Language::Python) continue;
      const std::vector<Binding> &bindings = configBindingsOf(kernel, context);
      for (const DotSite &dot : kernel.dots) {
        if (dot.scaled) continue; // tl.dot_scaled has its own shape rules
        const TileDim *k = reductionDim(dot);
        if (!k) continue;
        const InputType input = inputTypeOf(dot, kernel, context.settings());
        const std::optional<int> bits = resources::dtypeBits(input.dtype);
        if (!bits) continue;
        const std::vector<std::string> params = paramsRead(*k);
        for (const Binding &binding : bindings)
          checkReduction(kernel, dot, *k, params, input, resources::minimumDotK(*bits), binding, findings, findingAt);
      }
    }
    for (const Finding &finding : findings) {
      auto diagnostic = context.report(finding.span, finding.message);
      for (const std::string &note : finding.notes) diagnostic.note(note);
      if (finding.configs.size() > 1) diagnostic.note(alsoReachesConfigsNote(finding.configs));
    }
  }

private:
  // `params`: what paramsRead(k) gives.
  static void checkReduction(const Kernel &kernel, const DotSite &dot, const TileDim &k,
                             const std::vector<std::string> &params, const InputType &input, int64_t minimum,
                             const Binding &binding, std::vector<Finding> &findings,
                             LiteralSlots &findingAt) {
    for (const std::string &name : params)
      if (setElsewhere(name, kernel, binding)) return;
    if (params.empty() && binding.kind != Binding::Kind::Defaults) return;
    const std::optional<int64_t> value = evaluateDim(k, binding.values(), kernel);
    if (!value || *value >= minimum) return;

    Finding finding;
    std::string cause;
    const std::string kValue = std::to_string(*value);
    if (params.empty()) {
      finding.span = k.span.valid() ? k.span : dot.span;
      cause = "`tl.dot`'s K is " + kValue;
    } else if (params.size() == 1) {
      const std::optional<ValueOrigin> origin = originOf(params.front(), binding, kernel);
      if (!origin) return;
      finding.span = origin->span;
      cause = origin->phrase;
      if (k.text != params.front()) cause += ", so `tl.dot`'s K (`" + k.text + "`) is " + kValue;
    } else {
      finding.span = bindingSpan(binding, kernel);
      cause = bindingName(binding, kernel) + " makes `tl.dot`'s K (`" + k.text + "`) " + kValue;
    }
    auto [slot, inserted] = findingAt.find(finding.span, findings.size());
    if (!inserted) {
      Finding &existing = findings[slot];
      if (binding.config && std::find(existing.configs.begin(), existing.configs.end(),
                                      binding.config) == existing.configs.end())
        existing.configs.push_back(binding.config);
      return;
    }
    finding.message = cause + "; `tl.dot` needs K >= " + std::to_string(minimum) + " for " +
                      input.dtype + " inputs";
    if (binding.config && !binding.config->expansion.empty())
      finding.notes.push_back(binding.config->expansion);
    if (!input.assumption.empty()) finding.notes.push_back(input.assumption);
    if (dot.span.valid() && dot.span.line != finding.span.line)
      finding.notes.push_back("the dot is at line " + std::to_string(dot.span.line));
    if (binding.config) finding.configs.push_back(binding.config);
    findings.push_back(std::move(finding));
  }
};

BTLINT_REGISTER_RULE(DotOperandTooSmall);

} // namespace
} // namespace btlint
