#include "rules/Rule.h"

namespace btlint {
namespace {

class InvalidSuppression : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "invalid-suppression";
    info.category = RuleCategory::Meta;
    info.defaultSeverity = Severity::Error;
    info.summary = "a `btlint:` comment that cannot be read, such as an ignore without a rule list";
    info.doc.whatItDoes =
        "Reports `btlint:` comments with an unknown directive, a missing or empty rule list, or an unclosed "
        "list. The rule list is mandatory: btlint has no blanket ignore.";
    info.doc.whyItMatters =
        "A suppression that names no rule would hide every present and future finding on its line; btlint "
        "refuses to read it that way and says so instead of silently ignoring the comment.";
    info.doc.example = "configs = get_configs()  # btlint: ignore\n";
    info.doc.useInstead = "configs = get_configs()  # btlint: ignore[too-few-configs]\n";
    return info;
  }

  bool runsAfterSuppressions() const override { return true; }

  void check(RuleContext &context) const override {
    for (const Suppression &s : context.suppressions())
      if (!s.malformed.empty()) context.report(s.span, s.malformed);
  }
};

BTLINT_REGISTER_RULE(InvalidSuppression);

} // namespace
} // namespace btlint
