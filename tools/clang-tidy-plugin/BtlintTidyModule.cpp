// btlint's rules as clang-tidy checks: `clang-tidy-22 -load
// BtlintClangTidyPlugin.so -checks='btlint-*' file.cu -- <flags>`. Each check
// reads the translation unit clang-tidy parsed into btlint's kernel model
// (the CUDA front-end's extractor), runs one btlint rule on it and reports
// what the rule finds as clang-tidy warnings, so NOLINT and .clang-tidy
// configuration apply as for any check.
#include "cuda/CudaModelExtractor.h"
#include "source/SourceFile.h"
#include "engine/Suppressions.h"
#include "rules/ConfigUses.h"
#include "rules/Rule.h"

// GCC 12 reports a false -Wnonnull inside Clang's lazily loaded pointers; see
// lib/cuda/CudaModelExtractor.cpp.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/TargetOptions.h"
#pragma GCC diagnostic pop

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace btlint::tidy {
namespace {

using clang::tidy::ClangTidyCheck;
using clang::tidy::ClangTidyContext;

constexpr const char *kDefaultArch = "sm90";

// A run's index is the one translation unit clang-tidy parsed.
class SingleFileIndex : public ProjectIndex {
public:
  explicit SingleFileIndex(const FileModel &model) : model_(model) {}
  std::vector<const Kernel *> kernelsNamed(const std::string &name) const override {
    std::vector<const Kernel *> found;
    for (const Kernel &kernel : model_.kernels)
      if (kernel.name == name) found.push_back(&kernel);
    return found;
  }

private:
  const FileModel &model_;
};

// The model of the current translation unit, built once for all btlint checks.
struct UnitModel {
  const clang::ASTContext *context = nullptr;
  std::unique_ptr<SourceFile> source;
  FileModel model;
  std::vector<Suppression> suppressions;
};

std::mutex unitMutex;
UnitModel &currentUnit() {
  static UnitModel unit;
  return unit;
}

UnitModel &modelFor(clang::ASTContext &context) {
  UnitModel &unit = currentUnit();
  if (unit.context == &context) return unit;
  const clang::SourceManager &sm = context.getSourceManager();
  const clang::FileID main = sm.getMainFileID();
  const clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(main);
  const std::string path = entry ? entry->getName().str() : std::string("<main>");
  unit = UnitModel{};
  unit.context = &context;
  unit.source = std::make_unique<SourceFile>(path, Language::Cuda, sm.getBufferData(main).str());
  unit.model.path = path;
  unit.model.language = Language::Cuda;
  cuda::extractCudaModel(context, *unit.source, unit.model);
  unit.suppressions = parseSuppressions(*unit.source);
  return unit;
}

// The GPU arch of a device-side compilation ("sm_90" -> "sm90"), else empty.
std::string deviceArch(const clang::ASTContext &context) {
  if (!context.getLangOpts().CUDAIsDevice) return {};
  llvm::StringRef cpu = context.getTargetInfo().getTargetOpts().CPU;
  if (!cpu.consume_front("sm_")) return {};
  return "sm" + cpu.str();
}

class BtlintRuleCheck : public ClangTidyCheck {
public:
  BtlintRuleCheck(llvm::StringRef name, ClangTidyContext *context, const RegisteredRule &rule)
      : ClangTidyCheck(name, context), rule_(rule), arch_(Options.get("Arch", kDefaultArch)) {
    for (const RuleOption &option : rule_.info.options)
      optionValues_[option.name] = Options.get(option.name, option.defaultValue).str();
  }

  bool isLanguageVersionSupported(const clang::LangOptions &language) const override { return language.CUDA; }

  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &options) override {
    Options.store(options, "Arch", arch_);
    for (const auto &[name, value] : optionValues_) Options.store(options, name, value);
  }

  void registerMatchers(clang::ast_matchers::MatchFinder *finder) override {
    finder->addMatcher(clang::ast_matchers::translationUnitDecl().bind("unit"), this);
  }

  void check(const clang::ast_matchers::MatchFinder::MatchResult &result) override {
    std::lock_guard<std::mutex> lock(unitMutex);
    UnitModel &unit = modelFor(*result.Context);
    // A device compilation names its arch; a host one uses the Arch option.
    std::string archName = deviceArch(*result.Context);
    if (archName.empty()) archName = arch_;
    const ArchInfo *arch = findArch(archName);
    if (!arch) {
      configurationDiag("unknown arch '%0' for %1") << archName << rule_.info.id;
      return;
    }
    AnalysisSettings settings;
    settings.enabledRules.insert(rule_.info.id);
    SingleFileIndex index(unit.model);
    RuleOptions options(rule_.info, optionValues_);
    AnalysisCaches caches;
    RuleContext ruleContext(unit.model, rule_.info.archSpecific ? arch : nullptr, settings, index, options,
                            nullptr, unit.source->text(), caches);
    rule_.create()->check(ruleContext);

    const clang::SourceManager &sm = result.Context->getSourceManager();
    for (Diagnostic &finding : ruleContext.takeDiagnostics()) {
      finding.ruleId = rule_.info.id;
      if (suppresses(unit.suppressions, finding)) continue; // btlint's own ignore comments
      diag(locationOf(sm, finding.span), "%0") << finding.message;
      for (const Note &note : finding.notes)
        diag(noteLocationOf(sm, finding, note), "%0", clang::DiagnosticIDs::Note) << note.text;
    }
  }

private:
  static clang::SourceLocation locationOf(const clang::SourceManager &sm, const SourceSpan &span) {
    return sm.getLocForStartOfFile(sm.getMainFileID()).getLocWithOffset(span.valid() ? span.startByte : 0);
  }

  // Where a note points: the place it names, in the main file or in a header
  // the unit read; else the finding's own location.
  static clang::SourceLocation noteLocationOf(const clang::SourceManager &sm, const Diagnostic &finding,
                                              const Note &note) {
    if (!note.namesPlace()) return locationOf(sm, finding.span);
    if (note.path.empty()) return locationOf(sm, note.span);
    if (auto file = sm.getFileManager().getOptionalFileRef(note.path)) {
      const clang::SourceLocation at =
          sm.translateFileLineCol(&file->getFileEntry(), note.span.line, note.span.column);
      if (at.isValid()) return at;
    }
    return locationOf(sm, finding.span);
  }

  const RegisteredRule &rule_;
  std::string arch_;
  std::map<std::string, std::string> optionValues_;
};

class BtlintModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &factories) override {
    // Every rule that reads the kernel model; the meta rules are about
    // btlint's own input (parse errors, suppressions) and clang-tidy has its
    // own for those.
    for (const RegisteredRule &rule : RuleRegistry::instance().rules()) {
      if (rule.info.category == RuleCategory::Meta) continue;
      const RegisteredRule *registered = &rule;
      factories.registerCheckFactory("btlint-" + rule.info.id,
                                     [registered](llvm::StringRef name, ClangTidyContext *context) {
                                       return std::make_unique<BtlintRuleCheck>(name, context, *registered);
                                     });
    }
  }
};

} // namespace
} // namespace btlint::tidy

static clang::tidy::ClangTidyModuleRegistry::Add<btlint::tidy::BtlintModule>
    btlintModuleRegistration("btlint-module", "btlint's kernel rules (CUDA) as btlint-* checks");
