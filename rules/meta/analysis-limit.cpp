#include "rules/Rule.h"

namespace btlint {
namespace {

class AnalysisLimit : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "analysis-limit";
    info.category = RuleCategory::Meta;
    info.defaultSeverity = Severity::Warning;
    info.summary = "btlint stopped evaluating part of a file at a work limit; findings there may be missing";
    info.doc.whatItDoes =
        "Reports, once per file and limit, that evaluating the file's config lists hit one of the "
        "per-file work limits: more than 100000 elements in a list, range, comprehension or loop, "
        "more than 20000 configs in one autotune list, helper calls nested more than 16 deep "
        "(recursion), strings over 1.6 million characters, or 2 seconds of evaluation. What "
        "was cut short is unknown to the rules, which stay silent about it. Files too large "
        "(over 4 MB) or too deeply nested (5000 levels) to parse are reported by parse-error.";
    info.doc.whyItMatters =
        "btlint runs unattended on code it has never seen and must finish; a limit keeps it "
        "bounded, and this finding keeps the cut from reading as a clean result.";
    info.doc.example =
        "configs = [triton.Config({'BLOCK': 2 ** (i % 8)}) for i in range(10 ** 9)]\n";
    info.doc.useInstead = "configs = [triton.Config({'BLOCK': 2 ** i}) for i in range(4, 8)]\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const std::string &limit : context.file().analysisLimits)
      context.report(SourceSpan{}, "analysis stopped at a limit: " + limit +
                                       "; findings that depend on it may be missing");
  }
};

BTLINT_REGISTER_RULE(AnalysisLimit);

} // namespace
} // namespace btlint
