#include "rules/Rule.h"

namespace btlint {
namespace {

class InternalError : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "internal-error";
    info.category = RuleCategory::Meta;
    info.defaultSeverity = Severity::Error;
    info.summary = "btlint crashed on a file; its kernels are not analysed, the other files are";
    info.doc.whatItDoes =
        "Reports a file whose analysis crashed or overflowed its stack inside btlint or the compiler it links "
        "(Clang, for CUDA), naming the stage (setting up the compiler, parsing, reading the kernels). The "
        "crash is contained to that file: the other files are analysed and their findings printed, and the "
        "run exits with status 2.";
    info.doc.whyItMatters =
        "A crash is btlint's bug, not the code's, but it hides that file's findings: a run that ended on it "
        "would hide every other file's too, and one that skipped it silently would read as clean.";
    info.doc.example = "// a translation unit that crashes the compiler front-end\n"
                       "#pragma clang __debug crash\n";
    info.doc.useInstead = "// report the file (or a reduced copy); exclude it meanwhile in .btlint.yaml:\n"
                          "// exclude: [\"third_party/crashing.cu\"]\n";
    info.doc.exampleLanguage = "cuda";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const ParseProblem &problem : context.file().internalErrors) {
      auto diagnostic = context.report(problem.span, problem.message);
      for (const std::string &note : problem.notes) diagnostic.note(note);
    }
  }
};

BTLINT_REGISTER_RULE(InternalError);

} // namespace
} // namespace btlint
