#include "cuda/CudaFrontEnd.h"
#include "source/CudaPaths.h"
#include "cuda/CudaCompileCommands.h"
#include "cuda/CudaParser.h"
#include "cuda/CudaToolkit.h"
#include "cuda/IncludedKernelCode.h"
#include "source/CrashIsolation.h"
#include "source/LineKeys.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <mutex>
#include <string_view>
#include <optional>

namespace btlint {
namespace {

class CudaParsedFile : public ParsedFile {
public:
  CudaParsedFile(const SourceFile &source, std::string absolutePath)
      : ParsedFile(source), absolutePath(std::move(absolutePath)) {}

  std::string absolutePath;
  // When no code of the file tests __CUDA_ARCH__, one parse serves every arch.
  std::mutex cacheMutex;
  std::optional<FileModel> archIndependentModel;
};

class CudaFrontEnd : public FrontEnd {
public:
  explicit CudaFrontEnd(std::unique_ptr<cuda::CudaCommandLines> commands) : commands_(std::move(commands)) {}

  Language language() const override { return Language::Cuda; }

  bool mayContainKernelCode(const SourceFile &source) const override {
    if (cuda::namesKernelCode(source.text())) return true;
    // Only a translation unit instantiates what its headers define; a header
    // is read through the files that include it.
    if (!isCudaTranslationUnitPath(source.path())) return false;
    const std::string absolute = absolutePathOf(source.path());
    // The include folders do not depend on the arch.
    const cuda::ParseCommand command = commands_->commandFor(absolute, "sm_90");
    const auto search = cuda::IncludedKernelCode::searchPathOf(
        command.arguments, command.workingDirectory,
        cuda::projectTopFolder(llvm::sys::path::parent_path(absolute)));
    return includedKernelCode_.includesKernelCode(absolute, source.text(), search);
  }

  std::unique_ptr<ParsedFile> parse(const SourceFile &source) const override {
    return std::make_unique<CudaParsedFile>(source, absolutePathOf(source.path()));
  }

  void buildModel(const ParsedFile &parsed, const ModelContext &context, FileModel &model) const override {
    auto &file = const_cast<CudaParsedFile &>(static_cast<const CudaParsedFile &>(parsed));
    const std::string gpuArch = context.arch ? cuda::gpuArchFlagValue(context.arch->name) : std::string();
    if (gpuArch.empty()) {
      model.notes.push_back("CUDA kernels are not analysed for " +
                            (context.arch ? context.arch->name : std::string("this target")));
      return;
    }
    {
      std::lock_guard<std::mutex> lock(file.cacheMutex);
      if (file.archIndependentModel) {
        copyModel(*file.archIndependentModel, model);
        return;
      }
    }
    cuda::ParseCommand command = commands_->commandFor(file.absolutePath, gpuArch);
    cuda::CudaParseOutcome outcome;
    if (!parseIsolated(command, parsed.source(), file.absolutePath, model, outcome)) return;
    if (!model.parseProblems.empty() && !command.fromDatabase && !command.buildDefinesNotGiven.empty())
      retryWithBuildDefines(command, parsed.source(), file.absolutePath, model, outcome);
    addContextNotes(command, model);
    // A header a file of the project includes gets its names from that
    // file first (`const int WARPSIZE` in a sibling header it includes
    // before); only what is left is taken for the build's macros.
    markHeaderFragment(file.absolutePath, model);
    if (!command.fromDatabase) {
      markBuildMacros(parsed.source(), command.buildDefinesNotGiven, model);
      markPastedFragment(parsed.source(), model);
    }
    if (!outcome.readsCudaArch) {
      std::lock_guard<std::mutex> lock(file.cacheMutex);
      file.archIndependentModel = model;
    }
  }

private:
  static std::string absolutePathOf(const std::string &path) {
    llvm::SmallString<256> absolute(path);
    llvm::sys::fs::make_absolute(absolute);
    llvm::sys::path::remove_dots(absolute, true);
    return std::string(absolute);
  }

  // Clang and the model extraction run on a thread of their own with a large
  // stack (deep template instantiation), under a crash recovery context: a
  // crash or a stack overflow in one translation unit becomes an
  // internal-error finding on that file, and the run goes on. False when it
  // crashed (the model then holds only the internal error).
  static bool parseIsolated(const cuda::ParseCommand &command, const SourceFile &source,
                            const std::string &absolutePath, FileModel &model, cuda::CudaParseOutcome &outcome) {
    cuda::CudaStage stage = cuda::CudaStage::SettingUp;
    const bool finished =
        runIsolated([&] { outcome = cuda::parseCudaFile(command, source, absolutePath, model, stage); });
    if (finished) return true;
    FileModel crashed;
    crashed.path = model.path;
    crashed.language = model.language;
    ParseProblem problem;
    problem.span = SourceSpan{1, 1, 1, 1};
    problem.message = std::string("btlint crashed while ") + cuda::cudaStageName(stage) +
                      " this file: its kernels are not analysed; the other files are";
    problem.notes.push_back("compiled with " + command.origin + "; please report it with the file (or a reduced "
                            "copy) at btlint's issue tracker");
    crashed.internalErrors.push_back(std::move(problem));
    // What the crash left half written is moved aside and never freed.
    static_cast<void>(new FileModel(std::move(model)));
    model = std::move(crashed);
    return false;
  }

  // A file that does not compile without macros the project's build files
  // define with a literal value (`-DENABLE_FP8` in setup.py, a header whose
  // types exist only under it) is parsed again with them; where that parse
  // is clean, it is the one kept, with a note naming them.
  static void retryWithBuildDefines(cuda::ParseCommand &command, const SourceFile &source,
                                    const std::string &absolutePath, FileModel &model,
                                    cuda::CudaParseOutcome &outcome) {
    cuda::ParseCommand withDefines = command;
    auto inputFlag = std::find(withDefines.arguments.begin(), withDefines.arguments.end(), "-x");
    // NDEBUG only turns `assert` off, which no declaration depends on (and
    // CUDA 13's libcu++ then declares `__assert_fail` in a way Clang rejects).
    // Only macros written with one literal value: one the build computes
    // (`f"-D_C_={head_size}"`) has no value btlint could give.
    // Nor one the file's own text tests to leave code out (`#ifndef
    // DISABLE_ROCSHMEM` around the whole file): a switch, which would parse
    // a file emptied of what it holds.
    const std::string_view text = source.text();
    // `#ifndef NAME`, `!defined(NAME)` or `! defined NAME`, the name whole
    // (`#ifndef NAME_FALLBACK` is another switch).
    auto turnsCodeOff = [&](const std::string &name) {
      for (size_t at = findWord(text, name); at != std::string_view::npos; at = findWord(text, name, at + 1)) {
        std::string_view before = text.substr(0, at);
        auto drop = [&](std::string_view suffix) {
          while (!before.empty() && (before.back() == ' ' || before.back() == '\t')) before.remove_suffix(1);
          if (!before.ends_with(suffix)) return false;
          before.remove_suffix(suffix.size());
          return true;
        };
        if (drop("ifndef") && drop("#")) return true;
        before = text.substr(0, at);
        drop("(");
        if (drop("defined") && drop("!")) return true;
      }
      return false;
    };
    std::vector<std::string> names, defines;
    for (const auto &[name, value] : command.buildDefineLiterals)
      if (name != "NDEBUG" && !turnsCodeOff(name)) {
        names.push_back(name);
        defines.push_back("-D" + name + "=" + value);
      }
    if (names.empty()) return;
    withDefines.arguments.insert(inputFlag, defines.begin(), defines.end());
    FileModel retried;
    retried.path = model.path;
    retried.language = model.language;
    cuda::CudaParseOutcome retriedOutcome;
    if (!parseIsolated(withDefines, source, absolutePath, retried, retriedOutcome) || !retried.parseProblems.empty())
      return;
    std::string listed;
    for (size_t i = 0; i < names.size(); ++i) listed += (i ? ", " : "") + names[i];
    retried.notes.push_back("parsed with " + listed + " defined, as the project's build files (" +
                            command.buildDefinesFile + ") define them: without them the file does not compile");
    withDefines.origin += ", " + listed + " as " + command.buildDefinesFile + " defines";
    withDefines.buildDefinesNotGiven.clear();
    model = std::move(retried);
    outcome = retriedOutcome;
    command = std::move(withDefines);
  }

  static void copyModel(const FileModel &from, FileModel &to) {
    const std::string path = to.path;
    to = from;
    to.path = path;
  }

  void addContextNotes(const cuda::ParseCommand &command, FileModel &model) const {
    std::vector<std::string> notes;
    if (command.usesBuiltinHeaders)
      notes.push_back("no CUDA toolkit found (--cuda-path, CUDA_PATH, /usr/local/cuda): parsed with btlint's own "
                      "minimal CUDA declarations, which lack some of CUDA's names");
    if (command.fromDatabase) notes.push_back("compiled with " + command.origin);
    for (ParseProblem &problem : model.parseProblems)
      problem.notes.insert(problem.notes.end(), notes.begin(), notes.end());
    if (command.usesBuiltinHeaders) model.notes.push_back(notes.front());
  }

  // Names a file uses but nothing it includes declares, with no build's
  // flags to read: the build defines them (`-D_N_=64`, as
  // torch.utils.cpp_extension.load's extra_cuda_cflags pass them). When
  // every error is such a name, or follows from one (an array sized by it),
  // one note says so instead of an error for each use.
  static void markBuildMacros(const SourceFile &source, const std::vector<std::string> &definedByBuild,
                              FileModel &model) {
    if (model.parseProblems.empty()) return;
    static constexpr std::string_view kUndeclared = "use of undeclared identifier '";
    static constexpr std::string_view kFollowing[] = {
        "cannot use variable-length arrays", "variable length array declaration cannot have",
        "variable-sized object may not be initialized", "constexpr variable",
        "reference to overloaded function could not be resolved", "more compiler error"};
    const std::string_view firstMessage = model.parseProblems.front().message;
    if (!firstMessage.starts_with(kUndeclared)) return;
    // A first name the project's build files define (`-D_C_=...`): what
    // fails after it follows from it (`const int WARPS = _C_ / 16;` read by
    // a kernel, a template argument made of it), whatever the message.
    const size_t firstEnd = firstMessage.find('\'', kUndeclared.size());
    const bool firstDefinedByBuild =
        firstEnd != std::string_view::npos &&
        std::find(definedByBuild.begin(), definedByBuild.end(),
                  firstMessage.substr(kUndeclared.size(), firstEnd - kUndeclared.size())) != definedByBuild.end();
    struct Use {
      std::string name;
      uint32_t line;
    };
    std::vector<Use> uses;
    for (const ParseProblem &problem : model.parseProblems) {
      const std::string_view message = problem.message;
      if (message.starts_with(kUndeclared)) {
        const size_t end = message.find('\'', kUndeclared.size());
        if (end == std::string_view::npos) return;
        uses.push_back({std::string(message.substr(kUndeclared.size(), end - kUndeclared.size())), problem.span.line});
        continue;
      }
      const bool follows = firstDefinedByBuild || std::any_of(std::begin(kFollowing), std::end(kFollowing),
                                                              [&](std::string_view text) {
                                                                return message.find(text) != std::string_view::npos;
                                                              });
      if (!follows) return;
    }
    // A name declared on a line that failed for another name (`F z[Tmax];`)
    // is undeclared only because of it.
    std::vector<std::string> names;
    for (const Use &use : uses) {
      if (std::find(names.begin(), names.end(), use.name) != names.end()) continue;
      // `use` is the name's first error: a line before it that failed for
      // another name and mentions this one declared it.
      const bool consequence = std::any_of(uses.begin(), uses.end(), [&](const Use &other) {
        return other.name != use.name && other.line < use.line && containsWord(source.lineText(other.line), use.name);
      });
      if (!consequence) names.push_back(use.name);
    }
    if (names.empty()) return;
    std::string list;
    for (size_t i = 0; i < names.size(); ++i)
      list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + ("`" + names[i] + "`");
    ParseProblem macros;
    macros.span = model.parseProblems.front().span;
    macros.message = list + (names.size() == 1 ? " is" : " are") +
                     " used but declared nowhere in the file or what it includes: the build defines " +
                     (names.size() == 1 ? "it" : "them") + " (`-D" + names.front() +
                     "=...`); the file is analysed only as far as it parses without " +
                     (names.size() == 1 ? "it" : "them");
    macros.severityCap = Severity::Note;
    macros.notes = model.parseProblems.front().notes;
    macros.notes.push_back("give the values in .btlint.yaml (`cuda: {defines: {" + names.front() +
                           ": 64}}`), or pass -p BUILD_DIR with the build's compile_commands.json");
    model.parseProblems.assign(1, std::move(macros));
  }

  // Whether the first error is a name used without a declaration (in the
  // file's own text or in a header it includes, "in FILE:L:C: ..."),
  // standard-library ones included, or an #error of the code's own
  // (`#ifndef HEAD_DIM / #error "HEAD_DIM must be defined by the including
  // translation unit"`): what code placed before it would provide. A header
  // not found, or code Clang rejects, is not.
  static bool stopsAtAMissingName(const FileModel &model) {
    llvm::StringRef firstError(model.parseProblems.front().message);
    if (model.parseProblems.front().errorDirective) return true;
    if (firstError.starts_with("in ")) {
      const size_t colon = firstError.find(": ");
      if (colon == llvm::StringRef::npos) return false;
      firstError = firstError.drop_front(colon + 2);
    }
    // A standard-library name whose header the includer brings in first
    // (`std::cerr` without <iostream>) is one of these too.
    return firstError.starts_with("use of undeclared identifier") || firstError.starts_with("unknown type name") ||
           firstError.starts_with("no template named") || firstError.starts_with("no type named") ||
           (firstError.starts_with("no member named '") && firstError.ends_with("' in namespace 'std'"));
  }

  // A file that includes nothing and stops at names it never declares
  // (`torch::Tensor`) is a piece of source a script joins to others before
  // compiling (torch.utils.cpp_extension.load_inline's sources): one
  // warning says so, instead of an error for each name.
  static void markPastedFragment(const SourceFile &source, FileModel &model) {
    if (model.parseProblems.empty() || !cuda::includeLines(source.text()).empty()) return;
    if (model.parseProblems.size() == 1 && model.parseProblems.front().severityCap) return; // explained already
    if (!stopsAtAMissingName(model)) return;
    const ParseProblem &first = model.parseProblems.front();
    ParseProblem fragment;
    fragment.span = first.span;
    const size_t errors = model.parseProblems.size();
    fragment.message = "`" + llvm::sys::path::filename(source.path()).str() +
                       "` includes nothing and does not compile on its own (first error: " + first.message +
                       (errors > 1 ? "; " + std::to_string(errors - 1) + " more" : std::string()) +
                       "): the file is analysed only as far as it parses without what a build puts before it";
    fragment.severityCap = Severity::Warning;
    fragment.notes = first.notes;
    fragment.notes.push_back("a piece of source that a script joins to others before compiling (the sources of "
                             "torch.utils.cpp_extension.load_inline) is only compiled there; if the file is "
                             "compiled on its own, it lacks its #include lines");
    model.parseProblems.assign(1, std::move(fragment));
  }

  // A header that does not compile on its own while a file of the project
  // includes it is a piece of that file: its types and macros come from what
  // the file includes before it. One note says so, instead of an error for
  // each name the header uses.
  void markHeaderFragment(const std::string &absolutePath, FileModel &model) const {
    if (model.parseProblems.empty() || isCudaTranslationUnitPath(absolutePath)) return;
    // Only names used without a declaration (in its own text or in a header
    // it includes, "in FILE:L:C: ..."), standard-library ones included, or an #error of the code's own
    // (`#ifndef HEAD_DIM / #error "HEAD_DIM must be defined by the including
    // translation unit"`): what its includer provides first. A header not
    // found, or code Clang rejects, is not.
    if (!stopsAtAMissingName(model)) return;
    const std::string top = cuda::projectTopFolder(llvm::sys::path::parent_path(absolutePath));
    const std::string includer = includedKernelCode_.includerOf(absolutePath, top, [&](const std::string &file) {
      const cuda::ParseCommand command = commands_->commandFor(file, "sm_90");
      return cuda::IncludedKernelCode::searchPathOf(command.arguments, command.workingDirectory, top);
    });
    if (includer.empty()) return;
    // Named from the header's folder when it lies under it, else from the
    // project's top.
    llvm::StringRef shown = cuda::pathBelow(includer, llvm::sys::path::parent_path(absolutePath));
    if (shown.empty()) shown = cuda::pathBelow(includer, top);
    if (shown.empty()) shown = includer;
    const ParseProblem &first = model.parseProblems.front();
    ParseProblem fragment;
    fragment.span = first.span;
    fragment.message = "`" + llvm::sys::path::filename(absolutePath).str() + "` does not compile on its own; `" +
                       shown.str() + "` includes it, after what it needs (first error: " + first.message + ")";
    fragment.severityCap = Severity::Note;
    fragment.notes = first.notes;
    fragment.notes.push_back("its kernels are analysed through the translation units that include it, where "
                             "they are instantiated or launched");
    model.parseProblems.assign(1, std::move(fragment));
  }

  std::unique_ptr<cuda::CudaCommandLines> commands_;
  mutable cuda::IncludedKernelCode includedKernelCode_;
};

} // namespace

std::unique_ptr<FrontEnd> makeCudaFrontEnd(const CudaFrontEndOptions &options, std::string &error) {
  std::optional<cuda::CudaToolkit> toolkit = cuda::findCudaToolkit(options.cudaPath, error);
  if (!toolkit) return nullptr;
  std::unique_ptr<cuda::CudaCommandLines> commands =
      cuda::CudaCommandLines::create(options.compileCommandsDir, *toolkit, error);
  if (!commands) return nullptr;
  commands->setDefaultDefines(options.defines, options.definesFor);
  return std::make_unique<CudaFrontEnd>(std::move(commands));
}

} // namespace btlint
