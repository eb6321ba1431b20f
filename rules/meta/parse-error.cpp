#include "rules/Rule.h"

namespace btlint {
namespace {

class ParseError : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "parse-error";
    info.category = RuleCategory::Meta;
    info.defaultSeverity = Severity::Error;
    info.summary = "a file could not be parsed; kernels in the unparsable region are not checked";
    info.doc.whatItDoes =
        "Reports syntax errors in Python, CUDA and YAML inputs, and files that cannot be read "
        "(missing, unreadable, binary, not UTF-8, too large).";
    info.doc.whyItMatters =
        "btlint analyses what parsed and goes on with the rest of the run, but a kernel inside "
        "a broken region is invisible to every other rule. A silent skip would read as a clean "
        "result.";
    info.doc.example = "@triton.jit\ndef add_kernel(x_ptr, BLOCK: tl.constexpr\n    pid = tl.program_id(0)\n";
    info.doc.useInstead =
        "@triton.jit\ndef add_kernel(x_ptr, BLOCK: tl.constexpr):\n    pid = tl.program_id(0)\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const ParseProblem &problem : context.file().parseProblems) {
      auto diagnostic = context.report(problem.span, problem.message);
      if (problem.severityCap) diagnostic.atMost(*problem.severityCap);
      for (const std::string &note : problem.notes) diagnostic.note(note);
    }
  }
};

BTLINT_REGISTER_RULE(ParseError);

} // namespace
} // namespace btlint
