#include "rules/Rule.h"

namespace btlint {
namespace {

class UnusedSuppression : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "unused-suppression";
    info.category = RuleCategory::Meta;
    info.defaultSeverity = Severity::Warning;
    info.summary = "a suppression comment names a rule that reports nothing there";
    info.doc.whatItDoes =
        "Reports each rule id in a `btlint: ignore[...]`, `ignore-next-line[...]`, `file-ignore[...]` or "
        "`NOLINT(btlint-...)` comment that suppressed no finding in this run. Ids of rules that are not "
        "enabled for the file are not judged.";
    info.doc.whyItMatters =
        "A stale suppression hides the next real finding on that line: once the config that needed it is "
        "fixed, the comment silently swallows whatever the rule says about the line later.";
    info.doc.example =
        "configs = [triton.Config({\"BLOCK\": 128}, num_warps=4)]  # btlint: ignore[tile-not-power-of-two]\n";
    info.doc.useInstead = "configs = [triton.Config({\"BLOCK\": 128}, num_warps=4)]\n";
    return info;
  }

  bool runsAfterSuppressions() const override { return true; }

  void check(RuleContext &context) const override {
    const auto &enabled = context.settings().enabledRules;
    for (const Suppression &s : context.suppressions()) {
      if (!s.malformed.empty()) continue;
      for (const Suppression::Id &id : s.ids) {
        if (id.used || !RuleRegistry::instance().contains(id.id) || !enabled.count(id.id)) continue;
        // A suppression of this rule's own findings is judged like any other.
        context.report(id.span, "suppression of `" + id.id + "` is unused: the rule reports nothing " +
                                    (s.scope == Suppression::Scope::File ? "in this file" : "on the line it covers"));
      }
    }
  }
};

BTLINT_REGISTER_RULE(UnusedSuppression);

} // namespace
} // namespace btlint
