#include "rules/Rule.h"

namespace btlint {
namespace {

class UnknownRule : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "unknown-rule";
    info.category = RuleCategory::Meta;
    info.defaultSeverity = Severity::Error;
    info.summary = "a suppression comment names a rule id that does not exist";
    info.doc.whatItDoes =
        "Reports ids in suppression comments that are not btlint rules, with the closest known id.";
    info.doc.whyItMatters =
        "A misspelt id suppresses nothing, so the finding it was meant to silence still fires and the comment "
        "misleads the next reader into thinking the line was reviewed.";
    info.doc.example = "acc = tl.dot(a, b)  # btlint: ignore[dot-operand-to-small]\n";
    info.doc.useInstead = "acc = tl.dot(a, b)  # btlint: ignore[dot-operand-too-small]\n";
    return info;
  }

  bool runsAfterSuppressions() const override { return true; }

  void check(RuleContext &context) const override {
    const auto &registry = RuleRegistry::instance();
    for (const Suppression &s : context.suppressions())
      for (const Suppression::Id &id : s.ids) {
        if (registry.contains(id.id)) continue;
        std::string guess = registry.closestId(id.id);
        context.report(id.span, "unknown rule `" + id.id + "` in suppression" +
                                    (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
      }
  }
};

BTLINT_REGISTER_RULE(UnknownRule);

} // namespace
} // namespace btlint
