#include "rules/Rule.h"
#include "rules/Spelling.h"
#include "rules/TableKernels.h"

#include <algorithm>
#include <string>
#include <vector>

namespace btlint {
namespace {

// The argument the name most likely meant: one spelled alike, or the
// argument behind a caller-side name (`out` for `out_ptr`).
std::string closestArgument(const std::string &name, const Kernel &kernel) {
  std::vector<std::string_view> names;
  for (const Param &param : kernel.params) names.push_back(param.name);
  return closestSpelling(name, names, /*suffixes=*/true);
}

class AutotuneKeyUnknownArg : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "autotune-key-unknown-arg";
    info.category = RuleCategory::Tuning;
    info.defaultSeverity = Severity::Error;
    info.summary = "an autotune `key` (or `restore_value`/`reset_to_zero`) names no kernel argument";
    info.doc.whatItDoes =
        "Reports a name in `triton.autotune(key=...)` that is not an argument of the kernel, "
        "usually a typo or an argument that was renamed. Names in `restore_value` and "
        "`reset_to_zero` are checked the same way.";
    info.doc.whyItMatters =
        "Until a 2026 release Triton dropped key names it could not find without a word, so "
        "the autotuner cached one config for every value of the shape the author meant to key "
        "on: a config tuned for 128 rows then ran on a million. Newer releases reject the name. "
        "A misspelt `reset_to_zero` or `restore_value` name makes "
        "the autotuner's pre-hook fail with a `KeyError` on the first tuning run.";
    info.doc.example = "@triton.autotune(configs=configs, key=[\"n_col\"])\n"
                       "@triton.jit\n"
                       "def softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK_SIZE: tl.constexpr):\n"
                       "    ...\n";
    info.doc.useInstead = "@triton.autotune(configs=configs, key=[\"n_cols\"])\n"
                          "@triton.jit\n"
                          "def softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK_SIZE: tl.constexpr):\n"
                          "    ...\n";
    return info;
  }

  void check(RuleContext &context) const override {
    // A YAML table is checked against the kernel's definition elsewhere in the run.
    forEachTunedKernelWithSignature(context, [&](const Kernel &kernel, const std::vector<const Kernel *> &signatures) {
      const AutotuneSpec &spec = *kernel.autotune;
      if (spec.keyKnown) checkNames(context, kernel, signatures, spec.key, "autotune key");
      checkNames(context, kernel, signatures, spec.restoreValue, "`restore_value` entry");
      checkNames(context, kernel, signatures, spec.resetToZero, "`reset_to_zero` entry");
    });
  }

private:
  static void checkNames(RuleContext &context, const Kernel &kernel, const std::vector<const Kernel *> &signatures,
                         const std::vector<NameRef> &names, const std::string &what) {
    for (const NameRef &ref : names) {
      if (anyHasParam(signatures, ref.name)) continue;
      auto diagnostic = context.report(ref.span, what + " `" + ref.name +
                                                     "` is not an argument of `" + kernel.name + "`");
      diagnostic.about(kernel);
      const std::string suggestion = closestArgument(ref.name, *signatures.front());
      if (!suggestion.empty()) diagnostic.note("did you mean `" + suggestion + "`?");
    }
  }
};

BTLINT_REGISTER_RULE(AutotuneKeyUnknownArg);

} // namespace
} // namespace btlint
