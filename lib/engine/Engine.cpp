#include "engine/Engine.h"

#include "engine/Discovery.h"
#include "engine/FrontEndRegistry.h"
#include "engine/Glob.h"
#include "engine/PackageDirs.h"
#include "engine/SourceProvider.h"
#include "engine/Suppressions.h"
#include "rules/ConfigUses.h"
#include "source/Backends.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

namespace btlint {

namespace {

const char *const defaultArch = "sm90";

// The settings of a group of files (same config, same matching overrides),
// resolved once per run, with the rules they enable in registry order.
struct ResolvedSettings {
  std::vector<std::string> archs; // effective archs
  AnalysisSettings settings;
  struct EnabledRule {
    const RegisteredRule *rule = nullptr;
    Severity severity = Severity::Warning;
    RuleOptions options;
    bool afterSuppressions = false; // meta rules judging suppressions
  };
  std::vector<EnabledRule> rules;
};

// Everything known about one input file during a run.
struct FileState {
  DiscoveredFile file;
  std::unique_ptr<SourceFile> source;
  // The parse other files' imports use (ModuleResolver), made on first request
  // and kept; a file's own parse is freed once its models are built.
  std::unique_ptr<ParsedFile> importParse;
  std::mutex parseMutex;
  bool readable = false;
  bool mayContainKernels = false;
  bool parsed = false;
  bool moduleOnly = false; // EngineOptions::modulePaths: read for imports, not analysed
  const ProjectConfig *config = nullptr; // the file's config (nearest .btlint.yaml)
  const ResolvedSettings *resolved = nullptr;
  std::vector<Suppression> suppressions;
  std::vector<Diagnostic> diagnostics;
  // Kernel names the file defines, and the names its rules looked up in the
  // project index. A file whose rules asked for nothing is finished on its own;
  // the others keep their models (one per arch) until every file is modelled.
  std::set<std::string> kernelNames;
  std::set<std::string> askedNames;
  std::vector<std::unique_ptr<FileModel>> keptModels;
  size_t kernelCount = 0, listCount = 0, completeCount = 0;
  bool crashed = false; // a model of the file holds an internal error
  const std::vector<std::string> &archs() const { return resolved->archs; }
};

std::set<std::string> expandSelectors(const std::vector<std::string> &selectors) {
  std::set<std::string> ids;
  for (const auto &s : selectors) {
    llvm::StringRef ref(s);
    if (ref.ends_with(":*")) {
      auto category = parseCategory(ref.drop_back(2).str());
      for (const auto &rule : RuleRegistry::instance().rules())
        if (category && rule.info.category == *category) ids.insert(rule.info.id);
    } else {
      ids.insert(s);
    }
  }
  return ids;
}

// Meta rules that report on the input itself stay on unless ignored by name.
bool alwaysOn(const std::string &id) {
  return id == "parse-error" || id == "unknown-rule" || id == "invalid-suppression";
}

std::string relativeToRoot(const std::string &shownPath, const std::string &root) {
  llvm::SmallString<256> absolute(shownPath);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, true);
  llvm::SmallString<256> rootAbs(root);
  llvm::sys::fs::make_absolute(rootAbs);
  llvm::sys::path::remove_dots(rootAbs, true);
  llvm::StringRef rel(absolute);
  if (rel.starts_with(std::string(rootAbs) + "/")) return rel.drop_front(rootAbs.size() + 1).str();
  return {};
}

// Indices of the config's path overrides that apply to a file.
std::vector<size_t> matchingOverrides(const std::string &path, const ProjectConfig &config) {
  std::vector<size_t> matching;
  if (config.root.empty() || config.overrides.empty()) return matching;
  std::string rel = relativeToRoot(path, config.root);
  if (rel.empty()) return matching;
  for (size_t i = 0; i < config.overrides.size(); ++i)
    for (const auto &glob : config.overrides[i].paths)
      if (globMatch(glob, rel) || globMatch(glob + "/**", rel)) {
        matching.push_back(i);
        break;
      }
  return matching;
}

// Backend: the last matching path override's, then the config's; unsaid
// (empty) when neither.
std::string backendOf(const std::vector<size_t> &overrideIndices, const ProjectConfig &config) {
  std::string backend = config.backend.value_or("");
  for (size_t i : overrideIndices)
    if (config.overrides[i].backend) backend = *config.overrides[i].backend;
  return backend;
}

std::unique_ptr<ResolvedSettings> resolveSettings(const std::vector<size_t> &overrideIndices,
                                                  const EngineOptions &options, const ProjectConfig &config) {
  auto state = std::make_unique<ResolvedSettings>();
  std::vector<const PathOverride *> overrides;
  for (size_t i : overrideIndices) overrides.push_back(&config.overrides[i]);
  // Arch: a path override, then the command line, then the config, then sm90.
  std::vector<std::string> archs = {defaultArch};
  if (config.archs) archs = *config.archs;
  if (!options.archs.empty()) archs = options.archs;
  for (const auto *o : overrides)
    if (o->archs) archs = *o->archs;
  state->archs = archs;

  state->settings.dtype = "fp16";
  state->settings.dtypeSource = "default";
  if (config.dtype) {
    state->settings.dtype = *config.dtype;
    state->settings.dtypeSource = "config";
  }
  for (const auto *o : overrides)
    if (o->dtype) {
      state->settings.dtype = *o->dtype;
      state->settings.dtypeSource = "config override";
    }
  if (options.dtype) {
    state->settings.dtype = *options.dtype;
    state->settings.dtypeSource = "--dtype";
  }

  state->settings.backend = backendOf(overrideIndices, config);
  state->settings.archs = archs;
  const bool foreignBackend = isForeignBackend(state->settings.backend);

  std::set<std::string> enabled;
  for (const auto &rule : RuleRegistry::instance().rules()) enabled.insert(rule.info.id);
  if (!config.select.empty()) enabled = expandSelectors(config.select);
  for (const auto &id : expandSelectors(config.ignore)) enabled.erase(id);
  for (const auto *o : overrides) {
    for (const auto &id : expandSelectors(o->select)) enabled.insert(id);
    for (const auto &id : expandSelectors(o->ignore)) enabled.erase(id);
  }
  if (!options.select.empty()) enabled = expandSelectors(options.select);
  std::set<std::string> ignored = expandSelectors(options.ignore);
  for (const auto &id : expandSelectors(config.ignore)) ignored.insert(id);
  for (const auto &id : ignored) enabled.erase(id);
  for (const auto &rule : RuleRegistry::instance().rules())
    if (alwaysOn(rule.info.id) && !ignored.count(rule.info.id)) enabled.insert(rule.info.id);
  // A vendor's fork: upstream's limits are not its limits, even when selected.
  if (foreignBackend)
    for (const auto &rule : RuleRegistry::instance().rules())
      if (rule.info.judgesUpstreamTarget()) enabled.erase(rule.info.id);

  for (const auto &rule : RuleRegistry::instance().rules()) {
    const std::string &id = rule.info.id;
    if (!enabled.count(id)) continue;
    Severity severity = rule.info.defaultSeverity;
    std::map<std::string, std::string> ruleOptions;
    auto apply = [&](const std::map<std::string, RuleSettings> &rules) {
      auto it = rules.find(id);
      if (it == rules.end()) return;
      if (it->second.severity) severity = *it->second.severity;
      for (const auto &[k, v] : it->second.options) ruleOptions[k] = v;
    };
    apply(config.rules);
    for (const auto *o : overrides) apply(o->rules);
    ResolvedSettings::EnabledRule entry;
    entry.rule = &rule;
    entry.severity = severity;
    entry.options = RuleOptions(rule.info, ruleOptions);
    entry.afterSuppressions = rule.create()->runsAfterSuppressions();
    state->rules.push_back(std::move(entry));
    state->settings.enabledRules.insert(id);
  }
  return state;
}

// Findings that explain others (RuleInfo::onlyBesideUpstreamFindings) go
// where there is nothing for them to explain.
void dropUnneededExplanations(std::vector<Diagnostic> &diagnostics) {
  auto infoOf = [](const Diagnostic &d) {
    const RegisteredRule *rule = RuleRegistry::instance().find(d.ruleId);
    return rule ? &rule->info : nullptr;
  };
  const bool explained = std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic &d) {
    const RuleInfo *info = infoOf(d);
    return info && info->judgesUpstreamTarget();
  });
  if (explained) return;
  diagnostics.erase(std::remove_if(diagnostics.begin(), diagnostics.end(),
                                   [&](const Diagnostic &d) {
                                     const RuleInfo *info = infoOf(d);
                                     return info && info->onlyBesideUpstreamFindings;
                                   }),
                    diagnostics.end());
}

// Settings are resolved once per set of matching overrides, not per file.
class SettingsCache {
public:
  explicit SettingsCache(const EngineOptions &options) : options_(options) {}
  const ResolvedSettings *forPath(const std::string &path, const ProjectConfig &config) {
    std::vector<size_t> overrides = matchingOverrides(path, config);
    std::lock_guard<std::mutex> lock(mutex_);
    auto &slot = cache_[{&config, overrides}];
    if (!slot) slot = resolveSettings(overrides, options_, config);
    return slot.get();
  }

private:
  const EngineOptions &options_;
  std::mutex mutex_;
  std::map<std::pair<const ProjectConfig *, std::vector<size_t>>, std::unique_ptr<ResolvedSettings>> cache_;
};

std::unique_ptr<ParsedFile> parseFile(const FileState &state, const FrontEnd &frontEnd, const SourceProvider *sources) {
  if (sources)
    if (auto parsed = sources->parse(*state.source)) return parsed;
  return frontEnd.parse(*state.source);
}

// Finds the modules a file imports: among the files of the run first, else
// on disk (a project module a file linted alone imports), read and parsed
// once per run, never executed. Relative imports resolve against the
// importing file's package; absolute ones against each ancestor folder that
// can be an import root: one that is not itself a package (no __init__.py),
// as the repository root, `src/` or a scripts folder are, then against the
// folder above an enclosing package of the imported name (a vendored copy
// importing itself). A name found nowhere (a third-party module) stays
// unknown.
class RunModuleResolver : public ModuleResolver {
public:
  // Bounds on what imports read from disk in one run.
  static constexpr size_t kMaxDiskModules = 512;
  static constexpr size_t kMaxDiskModuleBytes = 4u << 20;

  RunModuleResolver(std::vector<std::unique_ptr<FileState>> &files, const SourceProvider *sources)
      : files_(files), sources_(sources) {
    for (size_t i = 0; i < files_.size(); ++i)
      if (files_[i]->file.language == Language::Python) {
        llvm::SmallString<256> absolute(files_[i]->file.path);
        llvm::sys::fs::make_absolute(absolute);
        llvm::sys::path::remove_dots(absolute, true);
        byAbsolutePath_[std::string(absolute)] = i;
      }
  }

  const ParsedFile *findPythonModule(std::string_view dottedName, const std::string &fromPath) const override {
    llvm::StringRef name(dottedName.data(), dottedName.size());
    std::vector<std::string> candidates;
    llvm::SmallString<256> from(fromPath);
    llvm::sys::fs::make_absolute(from);
    llvm::sys::path::remove_dots(from, true);
    if (name.starts_with(".")) {
      llvm::SmallString<256> dir = llvm::sys::path::parent_path(from);
      name = name.drop_front();
      while (name.starts_with(".")) {
        dir = llvm::sys::path::parent_path(dir);
        name = name.drop_front();
      }
      addCandidates(dir, name, candidates);
    } else {
      // Absolute import: every ancestor folder of the importing file that can
      // be a root, and the package folders a project folder declares.
      llvm::SmallString<256> dir = llvm::sys::path::parent_path(from);
      while (!dir.empty()) {
        if (!isPackage(dir)) addCandidates(dir, name, candidates);
        for (const std::string &packages : packageDirs(dir)) {
          llvm::SmallString<256> root(dir);
          llvm::sys::path::append(root, packages);
          addCandidates(root, name, candidates);
        }
        llvm::StringRef parent = llvm::sys::path::parent_path(dir);
        if (parent == dir) break;
        dir = parent;
      }
      // A package that imports itself by its own name from where it was
      // copied into another project (`_vendored/fla/modules/l2norm.py`
      // importing `fla.utils`, which the project puts on the import path at
      // run time): the enclosing package of that name.
      const llvm::StringRef head = name.split('.').first;
      for (llvm::SmallString<256> package = llvm::sys::path::parent_path(from); !package.empty();) {
        llvm::StringRef parent = llvm::sys::path::parent_path(package);
        if (llvm::sys::path::filename(package) == head && isPackage(package)) {
          addCandidates(llvm::SmallString<256>(parent), name, candidates);
          break;
        }
        if (parent == package) break;
        package = parent;
      }
    }
    return firstOf(candidates);
  }

  const ParsedFile *findPythonModuleIn(std::string_view dottedName, const std::string &folder) const override {
    llvm::SmallString<256> dir(folder);
    llvm::sys::fs::make_absolute(dir);
    llvm::sys::path::remove_dots(dir, true);
    std::vector<std::string> candidates;
    addCandidates(dir, llvm::StringRef(dottedName.data(), dottedName.size()), candidates);
    return firstOf(candidates);
  }

private:
  // The first candidate path that is a module: of the run, else from disk.
  const ParsedFile *firstOf(const std::vector<std::string> &candidates) const {
    for (const auto &candidate : candidates) {
      auto it = byAbsolutePath_.find(candidate);
      if (it == byAbsolutePath_.end()) continue;
      FileState &state = *files_[it->second];
      if (!state.readable) return nullptr;
      std::lock_guard<std::mutex> lock(state.parseMutex);
      if (!state.importParse)
        if (const FrontEnd *fe = frontEndFor(state.file.language)) state.importParse = parseFile(state, *fe, sources_);
      return state.importParse.get();
    }
    for (const auto &candidate : candidates)
      if (const ParsedFile *parsed = diskModule(candidate)) return parsed;
    return nullptr;
  }

  // A Python file outside the run, read and parsed on first request; null
  // when it is not a readable regular file or the run's bound is reached.
  const ParsedFile *diskModule(const std::string &path) const {
    DiskModule *module = nullptr;
    {
      std::lock_guard<std::mutex> lock(diskMutex_);
      auto found = disk_.find(path);
      if (found == disk_.end()) {
        if (!llvm::sys::fs::is_regular_file(path) || disk_.size() >= kMaxDiskModules) return nullptr;
        found = disk_.emplace(path, std::make_unique<DiskModule>()).first;
      }
      module = found->second.get();
    }
    std::lock_guard<std::mutex> lock(module->mutex);
    if (!module->tried) {
      module->tried = true;
      std::string error;
      std::optional<std::string> text = readSourceText(path, kMaxDiskModuleBytes, error);
      const FrontEnd *python = frontEndFor(Language::Python);
      if (text && python) {
        module->source = std::make_unique<SourceFile>(displayPath(path), Language::Python, std::move(*text));
        module->parse = python->parse(*module->source);
      }
    }
    return module->parse.get();
  }

  // A folder that is a package (holds __init__.py), asked once per folder.
  // declaredPackageDirs, once per folder.
  const std::vector<std::string> &packageDirs(const llvm::SmallString<256> &dir) const {
    const std::string key(dir);
    std::lock_guard<std::mutex> lock(diskMutex_);
    auto found = packageDirs_.find(key);
    if (found != packageDirs_.end()) return found->second;
    return packageDirs_[key] = declaredPackageDirs(key);
  }

  bool isPackage(const llvm::SmallString<256> &dir) const {
    const std::string key(dir);
    std::lock_guard<std::mutex> lock(diskMutex_);
    auto found = packages_.find(key);
    if (found != packages_.end()) return found->second;
    llvm::SmallString<256> init(dir);
    llvm::sys::path::append(init, "__init__.py");
    return packages_[key] = llvm::sys::fs::exists(init);
  }

  // A module outside the run is named as the run names its files: relative to
  // the working folder when it lies inside it.
  static std::string displayPath(const std::string &absolute) {
    llvm::SmallString<256> cwd;
    if (!llvm::sys::fs::current_path(cwd)) {
      llvm::StringRef path(absolute);
      if (path.consume_front(cwd) && path.consume_front("/")) return path.str();
    }
    return absolute;
  }

  struct DiskModule {
    std::mutex mutex;
    bool tried = false;
    std::unique_ptr<SourceFile> source;
    std::unique_ptr<ParsedFile> parse;
  };
  static void addCandidates(const llvm::SmallString<256> &dir, llvm::StringRef dotted,
                            std::vector<std::string> &out) {
    llvm::SmallString<256> base(dir);
    if (!dotted.empty()) {
      llvm::SmallVector<llvm::StringRef> parts;
      dotted.split(parts, '.');
      for (auto p : parts) llvm::sys::path::append(base, p);
    }
    out.push_back(std::string(base) + ".py");
    llvm::SmallString<256> init(base);
    llvm::sys::path::append(init, "__init__.py");
    out.push_back(std::string(init));
  }

  std::vector<std::unique_ptr<FileState>> &files_;
  const SourceProvider *sources_;
  std::map<std::string, size_t> byAbsolutePath_;
  mutable std::mutex diskMutex_;
  mutable std::map<std::string, std::unique_ptr<DiskModule>> disk_;
  mutable std::map<std::string, bool> packages_;
  mutable std::map<std::string, std::vector<std::string>> packageDirs_;
};

// The index a file's rules see before the other files are modelled: it
// answers from the file's own kernels and records every name asked. Findings
// made while something was asked are dropped, and the file waits for the
// whole run's index (only launches of kernels defined elsewhere ask).
class ProbingIndex : public ProjectIndex {
public:
  explicit ProbingIndex(const FileModel &model) : model_(model) {}
  std::vector<const Kernel *> kernelsNamed(const std::string &name) const override {
    asked_.insert(name);
    std::vector<const Kernel *> found;
    for (const auto &k : model_.kernels)
      if (k.answersTo(name)) found.push_back(&k);
    return found;
  }
  std::set<std::string> &asked() const { return asked_; }

private:
  const FileModel &model_;
  mutable std::set<std::string> asked_;
};

// Runs work(i) for i in [0, count) on the pool and waits. With one thread
// (-j1) the calling thread does the work itself: handing each file to a
// worker costs a task, a future and two wake-ups for nothing.
template <typename Work> void parallelFor(llvm::StdThreadPool &pool, size_t count, Work work) {
  if (pool.getMaxConcurrency() <= 1) {
    for (size_t i = 0; i < count; ++i) work(i);
    return;
  }
  for (size_t i = 0; i < count; ++i) pool.async([&work, i] { work(i); });
  pool.wait();
}

} // namespace

namespace {
// The whole content of an open file (or pipe), straight into the string that keeps it.
std::optional<std::string> readWholeDescriptor(int fd, size_t maxBytes, std::string &error) {
  auto failed = [&](int code) {
    error = "cannot read file: " + std::error_code(code, std::generic_category()).message();
    return std::nullopt;
  };
  struct stat status;
  if (::fstat(fd, &status) != 0) return failed(errno);
  const uint64_t size = S_ISREG(status.st_mode) ? static_cast<uint64_t>(status.st_size) : 0;
  if (size > maxBytes) {
    error = "file is " + std::to_string(size) + " bytes; btlint reads files up to " + std::to_string(maxBytes) +
            " bytes";
    return std::nullopt;
  }
  // A regular file is read up to the size fstat gave; anything else (a
  // pipe, a file fstat gives no size for) to its end, growing the string.
  std::string text;
  text.resize(static_cast<size_t>(size) + 1);
  size_t length = 0;
  while (true) {
    if (length == text.size()) {
      if (text.size() > maxBytes) {
        error = "file is over " + std::to_string(maxBytes) + " bytes; btlint reads files up to " +
                std::to_string(maxBytes) + " bytes";
        return std::nullopt;
      }
      text.resize(text.size() * 2 + 4096);
    }
    ssize_t got = ::read(fd, text.data() + length, text.size() - length);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return failed(errno);
    if (got == 0) break;
    length += static_cast<size_t>(got);
    if (size != 0 && length == size) break; // all fstat announced: no read to see the end
  }
  text.resize(length);
  return text;
}

// The whole content of `path`, read with open, fstat, read and close: four
// system calls a file (llvm::MemoryBuffer makes seven, with its stats and the
// signal masking around close).
std::optional<std::string> readWholeFile(const std::string &path, size_t maxBytes, std::string &error) {
  int fd;
  do fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    error = "cannot read file: " + std::error_code(errno, std::generic_category()).message();
    return std::nullopt;
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  return readWholeDescriptor(fd, maxBytes, error);
}

// What btlint analyses of a text read whole: no NUL byte, valid UTF-8, no byte order mark.
std::optional<std::string> checkedSourceText(std::optional<std::string> content, std::string &error) {
  if (!content) return std::nullopt;
  llvm::StringRef text = *content;
  // Most source files are plain ASCII without NUL bytes: one pass over 8
  // bytes at a time tells, and only other files need the exact checks.
  bool plainAscii = true;
  {
    const char *data = text.data();
    size_t size = text.size(), i = 0;
    constexpr uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    for (; i + 8 <= size; i += 8) {
      uint64_t word;
      std::memcpy(&word, data + i, 8);
      // A high bit (non-ASCII) or a zero byte in the word.
      if ((word & highs) || ((word - ones) & ~word & highs)) {
        plainAscii = false;
        break;
      }
    }
    for (; plainAscii && i < size; ++i)
      if (data[i] == '\0' || (static_cast<unsigned char>(data[i]) & 0x80)) plainAscii = false;
  }
  if (plainAscii) return content;
  size_t nul = text.find('\0');
  if (nul != llvm::StringRef::npos) {
    error = "binary file (NUL byte at offset " + std::to_string(nul) + "); not analysed";
    return std::nullopt;
  }
  const llvm::UTF8 *start = reinterpret_cast<const llvm::UTF8 *>(text.data());
  const llvm::UTF8 *cursor = start;
  if (!llvm::isLegalUTF8String(&cursor, start + text.size())) {
    size_t offset = cursor - start;
    size_t line = 1 + std::count(text.begin(), text.begin() + offset, '\n');
    size_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    size_t column = lineStart == llvm::StringRef::npos ? offset + 1 : offset - lineStart;
    error = std::to_string(line) + ":" + std::to_string(column) + ": not valid UTF-8; not analysed";
    return std::nullopt;
  }
  // A UTF-8 byte order mark is not part of the source.
  if (text.starts_with("\xEF\xBB\xBF")) content->erase(0, 3);
  return content;
}
} // namespace

std::optional<std::string> readSourceText(const std::string &path, size_t maxBytes, std::string &error) {
  return checkedSourceText(readWholeFile(path, maxBytes, error), error);
}

std::optional<std::string> readStandardInputSource(size_t maxBytes, std::string &error) {
  return checkedSourceText(readWholeDescriptor(STDIN_FILENO, maxBytes, error), error);
}

// The paths discovery walks: all but an editor's buffers that are not on
// the disk yet (a new file never saved, an `untitled:` buffer).
static bool isUnsavedBuffer(const EngineOptions &options, const std::string &path) {
  return options.sources && !llvm::sys::fs::exists(path) && languageForPath(path) && options.sources->text(path);
}

static std::vector<std::string> pathsOnDisk(const EngineOptions &options) {
  std::vector<std::string> paths;
  for (const std::string &path : options.paths)
    if (!isUnsavedBuffer(options, path)) paths.push_back(path);
  return paths;
}

// Those buffers are analysed from the SourceProvider's text as if named on
// the command line.
static void addUnsavedFiles(const EngineOptions &options, DiscoveryResult &discovered) {
  for (const std::string &path : options.paths)
    if (isUnsavedBuffer(options, path)) discovered.files.push_back(DiscoveredFile{path, *languageForPath(path), true});
  std::sort(discovered.files.begin(), discovered.files.end(),
            [](const DiscoveredFile &a, const DiscoveredFile &b) { return a.path < b.path; });
}

std::string configuredBackend(const std::string &path, const ProjectConfig &config) {
  return backendOf(matchingOverrides(path, config), config);
}

RunResult runAnalysis(const EngineOptions &options, const ProjectConfig &config) {
  RunResult result;
  DiscoveryOptions discoveryOptions;
  discoveryOptions.excludeGlobs = config.exclude;
  discoveryOptions.excludeRoot = config.root;
  discoveryOptions.followSymlinks = options.followSymlinks;
  std::unique_ptr<NearestConfigs> nearest;
  if (options.nearestConfig) {
    nearest = std::make_unique<NearestConfigs>(config.path.empty() ? nullptr : &config);
    discoveryOptions.nearestConfigs = nearest.get();
  }
  DiscoveryResult discovered = discoverFiles(pathsOnDisk(options), discoveryOptions);
  addUnsavedFiles(options, discovered);
  result.inputErrors = discovered.errors;
  for (const std::string &path : options.inMemoryPaths)
    discovered.files.push_back({path, languageForPath(path).value_or(Language::Python), /*explicitlyNamed=*/true});

  std::vector<std::unique_ptr<FileState>> files;
  for (auto &f : discovered.files) {
    auto state = std::make_unique<FileState>();
    state->file = f;
    state->config = nearest ? &nearest->forDirectory(llvm::sys::path::parent_path(f.path).str()) : &config;
    files.push_back(std::move(state));
  }
  if (nearest)
    for (const ConfigError &e : nearest->errors()) result.configErrors.push_back(e.str());
  result.statistics.filesFound = files.size();
  if (!options.modulePaths.empty()) {
    std::set<std::string> known;
    auto absolute = [](const std::string &path) {
      llvm::SmallString<256> a(path);
      llvm::sys::fs::make_absolute(a);
      llvm::sys::path::remove_dots(a, true);
      return std::string(a);
    };
    for (const auto &f : files) known.insert(absolute(f->file.path));
    for (const auto &path : options.modulePaths)
      if (languageForPath(path) == Language::Python && known.insert(absolute(path)).second) {
        auto state = std::make_unique<FileState>();
        state->file.path = path;
        state->file.language = Language::Python;
        state->moduleOnly = true;
        state->config = &config;
        files.push_back(std::move(state));
      }
  }

  llvm::StdThreadPool pool(llvm::hardware_concurrency(options.jobs));
  std::mutex errorsMutex;

  SettingsCache settingsCache(options);

  // Read, pre-filter, settings, suppressions. Texts stay for the run: imports
  // may parse any Python file of the run, and rules read the text.
  parallelFor(pool, files.size(), [&](size_t i) {
    FileState &state = *files[i];
    std::string error;
    std::optional<std::string> text;
    if (options.sources) text = options.sources->text(state.file.path);
    if (!text) text = readSourceText(state.file.path, options.maxFileBytes, error);
    if (!text) {
      if (state.moduleOnly) return;
      std::lock_guard<std::mutex> lock(errorsMutex);
      result.inputErrors.push_back(state.file.path + ": " + error);
      return;
    }
    state.readable = true;
    state.source = std::make_unique<SourceFile>(state.file.path, state.file.language, std::move(*text));
    if (state.moduleOnly) return; // parsed when an import asks for it
    state.resolved = settingsCache.forPath(state.file.path, *state.config);
    state.suppressions = parseSuppressions(*state.source);
    const FrontEnd *frontEnd = frontEndFor(state.file.language);
    state.mayContainKernels = frontEnd && frontEnd->mayContainKernelCode(*state.source);
  });

  RunModuleResolver resolver(files, options.sources);
  std::set<std::string> allArchs;
  for (const auto &f : files)
    if (f->readable && f->resolved) allArchs.insert(f->archs().begin(), f->archs().end());
  result.archs.assign(allArchs.begin(), allArchs.end());

  // Arch-independent findings come once per arch; keep them once, and name the
  // arch only when they did not appear for every arch the file was checked for.
  struct Collected {
    Diagnostic diagnostic;
    std::set<std::string> archs;
  };
  std::vector<std::map<std::string, Collected>> archIndependent(files.size());

  // One finding: rule, position and message (its notes may differ).
  auto findingKey = [](const Diagnostic &d) {
    return d.ruleId + '\x1f' + std::to_string(d.span.line) + ':' + std::to_string(d.span.column) + '\x1f' + d.message;
  };
  // The archs a file is analysed for, in the run's (sorted) order.
  auto archsOf = [&](const FileState &state) {
    std::vector<std::string> archs;
    for (const std::string &a : result.archs)
      if (std::find(state.archs().begin(), state.archs().end(), a) != state.archs().end()) archs.push_back(a);
    return archs;
  };
  // `last`: the parse is the caller's own and read no more after this model.
  auto buildModel = [&](FileState &state, const ParsedFile &parsed, const std::string &archName,
                        ParsedFile *last = nullptr) {
    auto model = std::make_unique<FileModel>();
    model->path = state.file.path;
    model->language = state.file.language;
    ModelContext context;
    context.arch = findArch(archName);
    context.settings.dtype = state.resolved->settings.dtype;
    context.settings.dtypeSource = state.resolved->settings.dtypeSource;
    context.modules = &resolver;
    context.kernelSettings = &state.config->kernels;
    context.autotuners = &state.config->autotuners;
    context.environment = &state.config->environment;
    if (last) frontEndFor(state.file.language)->buildLastModel(*last, context, *model);
    else frontEndFor(state.file.language)->buildModel(parsed, context, *model);
    return model;
  };
  // The file's own parse: the import parse when an import already made it.
  auto parseOwn = [&](FileState &state, std::unique_ptr<ParsedFile> &own) -> const ParsedFile * {
    {
      std::lock_guard<std::mutex> lock(state.parseMutex);
      if (state.importParse) return state.importParse.get();
    }
    own = parseFile(state, *frontEndFor(state.file.language), options.sources);
    return own.get();
  };
  // Runs the model's rules for one arch into the file's findings.
  auto runRules = [&](FileState &state, size_t i, const FileModel &model, const std::string &archName,
                      const ProjectIndex &index) {
    const ArchInfo *arch = findArch(archName);
    AnalysisCaches caches; // shared by this file's rules on this arch
    // Kernels that look written for a vendor's fork, with nothing said: what
    // upstream Triton or NVIDIA's limits forbid may be that fork's convention.
    std::string forkEvidence, nvidiaArch;
    const ForeignBackend *fork =
        model.language == Language::Python
            ? unmarkedFork(state.resolved->settings, model.path, model.importedModules, forkEvidence, nvidiaArch)
            : nullptr;
    for (const auto &enabled : state.resolved->rules) {
      if (enabled.afterSuppressions) continue;
      const RuleInfo &info = enabled.rule->info;
      auto instance = enabled.rule->create();
      RuleContext context(model, info.archSpecific ? arch : nullptr, state.resolved->settings, index,
                          enabled.options, nullptr, state.source->text(), caches);
      instance->check(context);
      for (Diagnostic &d : context.takeDiagnostics()) {
        d.ruleId = info.id;
        if (fork && info.judgesUpstreamTarget() && enabled.severity > Severity::Note) {
          d.severityCap = Severity::Note;
          d.notes.push_back("at note level (" + std::string(severityName(enabled.severity)) +
                            " elsewhere): this file " + forkEvidence + ", the mark of " + fork->vendor +
                            "'s Triton fork (see foreign-backend-unmarked)");
        }
        d.severity = d.severityCap ? std::min(enabled.severity, *d.severityCap) : enabled.severity;
        d.path = state.file.path;
        if (info.archSpecific) {
          d.arch = archName;
          state.diagnostics.push_back(std::move(d));
        } else {
          d.arch.reset();
          std::string key = findingKey(d);
          auto [it, inserted] = archIndependent[i].try_emplace(key, Collected{d, {}});
          it->second.archs.insert(archName);
        }
      }
    }
  };

  // Merge, suppress, run the suppression-judging meta rules.
  auto finish = [&](FileState &state, size_t i) {
    // A function wrapped by several autotuners is one Kernel per wrapper over
    // the same body: a finding about the body is kept once (the
    // arch-independent ones are merged below by the same key).
    if (state.diagnostics.size() > 1) {
      std::set<std::string> seen;
      std::vector<Diagnostic> unique;
      for (Diagnostic &d : state.diagnostics)
        if (seen.insert(findingKey(d) + '\x1f' + d.arch.value_or("")).second)
          unique.push_back(std::move(d));
      state.diagnostics = std::move(unique);
    }
    for (auto &[key, collected] : archIndependent[i]) {
      if (collected.archs.size() == state.archs().size()) {
        state.diagnostics.push_back(collected.diagnostic);
      } else {
        for (const auto &a : collected.archs) {
          Diagnostic d = collected.diagnostic;
          d.arch = a;
          state.diagnostics.push_back(std::move(d));
        }
      }
    }
    archIndependent[i].clear();
    dropUnneededExplanations(state.diagnostics);
    // Without suppression comments there is nothing to suppress or judge.
    if (state.suppressions.empty()) return;
    std::vector<Diagnostic> kept;
    for (Diagnostic &d : state.diagnostics)
      if (!suppresses(state.suppressions, d)) kept.push_back(std::move(d));
    FileModel emptyModel;
    emptyModel.path = state.file.path;
    emptyModel.language = state.file.language;
    KernelIndex noIndex;
    // Runs the suppression-judging meta rules that `select` accepts.
    auto runMetaRules = [&](auto select) {
      std::vector<Diagnostic> found;
      AnalysisCaches caches;
      for (const auto &enabled : state.resolved->rules) {
        if (!enabled.afterSuppressions || !select(enabled.rule->info.id)) continue;
        auto instance = enabled.rule->create();
        RuleContext context(emptyModel, nullptr, state.resolved->settings, noIndex, enabled.options,
                            &state.suppressions, state.source->text(), caches);
        instance->check(context);
        for (Diagnostic &d : context.takeDiagnostics()) {
          d.ruleId = enabled.rule->info.id;
          d.severity = d.severityCap ? std::min(enabled.severity, *d.severityCap) : enabled.severity;
          d.path = state.file.path;
          found.push_back(std::move(d));
        }
      }
      return found;
    };
    // Meta findings can be suppressed too (`ignore-next-line[unknown-rule]`), and a
    // suppression that silences one is used. So unused-suppression judges last,
    // after the other meta findings went through the suppressions; and twice,
    // because silencing its own findings (`ignore-next-line[unused-suppression]`)
    // uses suppressions as well. Its second findings are a subset of its first,
    // so they use nothing new: the second pass is final.
    const std::string judgesUse = "unused-suppression";
    for (Diagnostic &d : runMetaRules([&](const std::string &id) { return id != judgesUse; }))
      if (!suppresses(state.suppressions, d)) kept.push_back(std::move(d));
    auto onlyJudge = [&](const std::string &id) { return id == judgesUse; };
    for (Diagnostic &d : runMetaRules(onlyJudge)) suppresses(state.suppressions, d);
    for (Diagnostic &d : runMetaRules(onlyJudge))
      if (!suppresses(state.suppressions, d)) kept.push_back(std::move(d));
    state.diagnostics = std::move(kept);
  };

  // Parse, model (per arch) and check each file on its own, freeing its tree
  // and models as soon as its rules ran: memory holds a few files at a time,
  // not the whole run. Only files whose rules looked kernels up by name in the
  // project (launches of kernels defined elsewhere) keep their models for the
  // second step below.
  parallelFor(pool, files.size(), [&](size_t i) {
    FileState &state = *files[i];
    if (!state.readable || state.moduleOnly) return;
    if (state.mayContainKernels) {
      std::unique_ptr<ParsedFile> own;
      const ParsedFile *parsed = parseOwn(state, own);
      state.parsed = true;
      std::vector<std::string> archs = archsOf(state);
      std::vector<std::unique_ptr<FileModel>> models;
      for (const std::string &archName : archs) {
        // The file's own parse is freed after its last model: that one may take what it holds.
        const bool lastUse = own && &archName == &archs.back();
        auto model = buildModel(state, *parsed, archName, lastUse ? own.get() : nullptr);
        if (options.modelObserver) options.modelObserver(archName, *model);
        if (!model->internalErrors.empty()) state.crashed = true;
        if (archName == state.archs().front()) {
          state.kernelCount = model->kernels.size();
          for (const auto &k : model->kernels)
            if (k.autotune) {
              ++state.listCount;
              if (k.autotune->configs.complete) ++state.completeCount;
            } else if (k.listNotAutotuned) {
              ++state.listCount;
            }
        }
        for (const auto &k : model->kernels) state.kernelNames.insert(k.name);
        models.push_back(std::move(model));
      }
      own.reset();
      size_t before = state.diagnostics.size();
      for (size_t a = 0; a < archs.size() && state.askedNames.empty(); ++a) {
        ProbingIndex probe(*models[a]);
        runRules(state, i, *models[a], archs[a], probe);
        state.askedNames = std::move(probe.asked());
      }
      if (!state.askedNames.empty()) {
        state.diagnostics.resize(before);
        archIndependent[i].clear();
        state.keptModels = std::move(models);
        return;
      }
    }
    finish(state, i);
  });

  // Files whose rules asked the project index: every file is modelled now, so
  // build the index from the files that define the names asked (rebuilding
  // the models of those already freed) and check the waiting files against it.
  std::set<std::string> asked;
  std::vector<size_t> waiting;
  for (size_t i = 0; i < files.size(); ++i)
    if (!files[i]->askedNames.empty()) {
      waiting.push_back(i);
      asked.insert(files[i]->askedNames.begin(), files[i]->askedNames.end());
    }
  if (!waiting.empty()) {
    std::vector<size_t> definers;
    for (size_t i = 0; i < files.size(); ++i) {
      const FileState &state = *files[i];
      if (!state.askedNames.empty() || state.kernelNames.empty()) continue;
      for (const auto &name : state.kernelNames)
        if (asked.count(name)) {
          definers.push_back(i);
          break;
        }
    }
    parallelFor(pool, definers.size(), [&](size_t d) {
      FileState &state = *files[definers[d]];
      std::unique_ptr<ParsedFile> own;
      const ParsedFile *parsed = parseOwn(state, own);
      for (const std::string &archName : archsOf(state)) state.keptModels.push_back(buildModel(state, *parsed, archName));
    });
    for (const std::string &archName : result.archs) {
      KernelIndex index;
      std::vector<std::pair<size_t, const FileModel *>> toCheck;
      for (size_t i = 0; i < files.size(); ++i) {
        const FileState &state = *files[i];
        if (state.keptModels.empty()) continue;
        std::vector<std::string> archs = archsOf(state);
        auto at = std::find(archs.begin(), archs.end(), archName);
        if (at == archs.end()) continue;
        const FileModel &model = *state.keptModels[static_cast<size_t>(at - archs.begin())];
        index.add(model);
        if (!state.askedNames.empty()) toCheck.push_back({i, &model});
      }
      parallelFor(pool, toCheck.size(), [&](size_t k) {
        runRules(*files[toCheck[k].first], toCheck[k].first, *toCheck[k].second, archName, index);
      });
    }
    parallelFor(pool, waiting.size(), [&](size_t w) { finish(*files[waiting[w]], waiting[w]); });
  }

  for (size_t i = 0; i < files.size(); ++i) {
    FileState &state = *files[i];
    if ((state.parsed || state.importParse) && !state.moduleOnly) ++result.statistics.filesParsed;
    if (state.readable && state.resolved && !state.moduleOnly && !state.mayContainKernels)
      ++result.statistics.filesSkippedByLanguage[languageName(state.file.language)];
    result.statistics.kernels += state.kernelCount;
    result.statistics.autotuneLists += state.listCount;
    result.statistics.autotuneListsComplete += state.completeCount;
    if (state.crashed) ++result.statistics.internalErrors;
    for (auto &d : state.diagnostics) result.diagnostics.push_back(std::move(d));
  }
  std::sort(result.diagnostics.begin(), result.diagnostics.end(), diagnosticLess);
  std::sort(result.inputErrors.begin(), result.inputErrors.end());
  return result;
}

} // namespace btlint
