// btlint's rules as clang-tidy checks: `clang-tidy-22 -load
// BtlintClangTidyPlugin.so -checks='btlint-*' file.cu -- <flags>`. Each check
// reads the translation unit clang-tidy parsed into btlint's kernel model
// (the CUDA front-end's extractor), runs one btlint rule on it and reports
// what the rule finds as clang-tidy warnings, so NOLINT and .clang-tidy
// configuration apply as for any check.
#include "cuda/CudaBuiltinHeaders.h"
#include "cuda/CudaCompileCommands.h"
#include "cuda/CudaModelExtractor.h"
#include "cuda/CudaToolkit.h"
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
#include "clang/Basic/OffloadArch.h"
#include "clang/Basic/TargetOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/CompilationDatabasePluginRegistry.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#pragma GCC diagnostic pop

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace btlint::tidy {
namespace {

using clang::tidy::ClangTidyCheck;
using clang::tidy::ClangTidyContext;

constexpr const char *kDefaultArch = "sm90";
constexpr const char *kDefaultGpuArch = "sm_90"; // kDefaultArch as clang spells it

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
  bool toldArchUnknown = false; // the unknown-arch note is given once per unit, not once per check
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

// The arch the unit's findings are judged for: the device compilation's when
// btlint knows it, else `optionArch` (the Arch option). A unit that names no
// arch is compiled for clang's default (sm_52), which is not a choice the
// user made; another arch btlint does not know is said once per unit.
std::string archForUnit(const clang::ASTContext &context, UnitModel &unit, const std::string &optionArch,
                        std::string &unknownNote) {
  const std::string device = deviceArch(context);
  if (device.empty() || findArch(device)) return device.empty() ? optionArch : device;
  const std::string clangDefault = clang::OffloadArchToString(clang::OffloadArch::CudaDefault);
  if ("sm_" + device.substr(2) != clangDefault && !unit.toldArchUnknown) {
    unit.toldArchUnknown = true;
    unknownNote = "the translation unit is compiled for " + device + ", which btlint has no table for; btlint-* "
                  "checks judge it for " + optionArch + " (the Arch option)";
  }
  return optionArch;
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
    std::string unknownNote;
    const std::string archName = archForUnit(*result.Context, unit, arch_, unknownNote);
    if (!unknownNote.empty()) configurationDiag("%0") << unknownNote;
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


// ---- nvcc compile databases -------------------------------------------------
// CMake writes compile_commands.json entries for .cu files with nvcc as the
// compiler, whose flags clang rejects (--generate-code=..., -Xcompiler ...).
// This database gives each such entry the clang command btlint's CLI parses
// the file with (cuda::CudaCommandLines, the one translation of nvcc flags),
// for the arch the build compiles for; entries of other compilers stay as
// clang's JSON reader gives them.
class NvccTranslatingDatabase : public clang::tooling::CompilationDatabase {
public:
  NvccTranslatingDatabase(std::unique_ptr<clang::tooling::CompilationDatabase> json,
                          std::unique_ptr<cuda::CudaCommandLines> commands)
      : json_(std::move(json)), commands_(std::move(commands)) {}

  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef file) const override {
    std::vector<clang::tooling::CompileCommand> found = json_->getCompileCommands(file);
    for (clang::tooling::CompileCommand &entry : found) {
      if (!cuda::isNvccCommand(entry.CommandLine)) continue;
      std::string gpuArch = cuda::buildGpuArch(entry.CommandLine);
      if (gpuArch.empty()) gpuArch = kDefaultGpuArch;
      llvm::SmallString<256> absolute(entry.Filename);
      llvm::sys::path::make_absolute(entry.Directory, absolute);
      cuda::ParseCommand parse = commands_->commandFor(std::string(absolute), gpuArch);
      entry.CommandLine = std::move(parse.arguments);
      if (!parse.workingDirectory.empty()) entry.Directory = parse.workingDirectory;
      entry.Heuristic = parse.origin;
    }
    return found;
  }
  std::vector<std::string> getAllFiles() const override { return json_->getAllFiles(); }

private:
  std::unique_ptr<clang::tooling::CompilationDatabase> json_;
  std::unique_ptr<cuda::CudaCommandLines> commands_;
};

// btlint's parser serves its own CUDA headers (CudaBuiltinHeaders.h) from
// memory; clang-tidy reads headers from the disk, so the translated commands
// name a copy in the user's cache folder (~/.cache/btlint/cuda-include-VERSION),
// written when missing or different. Returns the folder, or empty with `error`.
std::string builtinHeadersOnDisk(std::string &error) {
  llvm::SmallString<256> folder;
  if (!llvm::sys::path::cache_directory(folder)) llvm::sys::path::system_temp_directory(true, folder);
  llvm::sys::path::append(folder, "btlint", "cuda-include-" BTLINT_VERSION);
  if (std::error_code ec = llvm::sys::fs::create_directories(folder)) {
    error = std::string(folder) + ": " + ec.message();
    return "";
  }
  for (const auto &[name, contents] : cuda::builtinHeaderFiles()) {
    llvm::SmallString<256> path(folder);
    llvm::sys::path::append(path, name);
    auto existing = llvm::MemoryBuffer::getFile(path);
    if (existing && (*existing)->getBuffer() == llvm::StringRef(contents)) continue;
    std::error_code ec;
    llvm::raw_fd_ostream out(path, ec);
    if (!ec) out << contents;
    if (ec || out.has_error()) {
      error = std::string(path) + ": cannot write btlint's CUDA headers";
      return "";
    }
  }
  return std::string(folder);
}

class NvccDatabasePlugin : public clang::tooling::CompilationDatabasePlugin {
public:
  // Takes a folder's compile_commands.json only when nvcc builds something in
  // it; otherwise says no and clang's own JSON reader takes the file.
  std::unique_ptr<clang::tooling::CompilationDatabase> loadFromDirectory(llvm::StringRef directory,
                                                                         std::string &error) override {
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, "compile_commands.json");
    auto json = clang::tooling::JSONCompilationDatabase::loadFromFile(
        path, error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!json) return nullptr;
    const std::vector<clang::tooling::CompileCommand> all = json->getAllCompileCommands();
    if (std::none_of(all.begin(), all.end(),
                     [](const clang::tooling::CompileCommand &c) { return cuda::isNvccCommand(c.CommandLine); })) {
      error = "no nvcc command in it";
      return nullptr;
    }
    std::string toolkitError;
    std::optional<cuda::CudaToolkit> toolkit = cuda::findCudaToolkit("", toolkitError);
    auto commands = cuda::CudaCommandLines::create(std::string(directory), toolkit.value_or(cuda::CudaToolkit{}),
                                                   error);
    if (!commands) return nullptr;
    std::string headers = builtinHeadersOnDisk(error);
    if (headers.empty()) return nullptr;
    commands->setBuiltinHeaderDir(headers);
    auto inferred = clang::tooling::inferMissingCompileCommands(std::move(json));
    return std::make_unique<NvccTranslatingDatabase>(std::move(inferred), std::move(commands));
  }
};

// clang-tidy asks the database plugins in the order they were registered and
// takes the first answer; clang's JSON reader, registered before any plugin
// is loaded, would take an nvcc database as it is. The registry has no way
// to add in front, so its private list head is reached through an explicit
// template instantiation (where the language does not check access) and
// this plugin's entry is moved to the front. Its only effect: nvcc databases
// are read by NvccDatabasePlugin first; it declines every other one.
using DatabaseRegistry = clang::tooling::CompilationDatabasePluginRegistry;
template <typename Tag, typename Tag::type Member> struct PrivateMember {
  friend typename Tag::type get(Tag) { return Member; }
};
struct RegistryHead {
  using type = DatabaseRegistry::node **;
  friend type get(RegistryHead);
};
struct RegistryTail {
  using type = DatabaseRegistry::node **;
  friend type get(RegistryTail);
};
struct NodeNext {
  using type = DatabaseRegistry::node *DatabaseRegistry::node::*;
  friend type get(NodeNext);
};
template struct PrivateMember<RegistryHead, &DatabaseRegistry::Head>;
template struct PrivateMember<RegistryTail, &DatabaseRegistry::Tail>;
template struct PrivateMember<NodeNext, &DatabaseRegistry::node::Next>;

// Registers NvccDatabasePlugin and moves it to the front of the registry.
struct NvccDatabaseRegistration {
  NvccDatabaseRegistration() {
    static DatabaseRegistry::Add<NvccDatabasePlugin> registration(
        "btlint-nvcc-compilation-database", "compile_commands.json written for nvcc, translated as btlint's CLI does");
    DatabaseRegistry::node **head = get(RegistryHead{});
    DatabaseRegistry::node **tail = get(RegistryTail{});
    DatabaseRegistry::node *DatabaseRegistry::node::*next = get(NodeNext{});
    DatabaseRegistry::node *ours = *tail; // the one just added
    if (*head == ours) return;
    DatabaseRegistry::node *before = *head;
    while (before->*next != ours) before = before->*next;
    before->*next = nullptr;
    *tail = before;
    ours->*next = *head;
    *head = ours;
  }
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

static btlint::tidy::NvccDatabaseRegistration nvccDatabaseRegistration;
static clang::tidy::ClangTidyModuleRegistry::Add<btlint::tidy::BtlintModule>
    btlintModuleRegistration("btlint-module", "btlint's kernel rules (CUDA) as btlint-* checks");
