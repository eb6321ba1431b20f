#include "engine/Engine.h"
#include "engine/Discovery.h"
#include "engine/FrontEnd.h"
#include "engine/Glob.h"
#include "engine/SourceProvider.h"
#include "engine/Suppressions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

namespace btlint {

namespace {

const char *const defaultArch = "sm90";

// Everything known about one input file during a run.
struct FileState {
  DiscoveredFile file;
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<ParsedFile> parsed;
  std::once_flag parseOnce;
  bool readable = false;
  bool mayContainKernels = false;
  bool moduleOnly = false; // EngineOptions::modulePaths: read for imports, not analysed
  std::vector<std::string> archs; // effective archs
  AnalysisSettings settings;
  std::map<std::string, Severity> severities; // enabled rules -> severity
  std::map<std::string, std::map<std::string, std::string>> ruleOptions;
  std::vector<Suppression> suppressions;
  std::vector<Diagnostic> diagnostics;
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

void resolveSettings(FileState &state, const EngineOptions &options, const ProjectConfig &config) {
  std::vector<const PathOverride *> overrides;
  if (!config.root.empty()) {
    std::string rel = relativeToRoot(state.file.path, config.root);
    if (!rel.empty())
      for (const auto &o : config.overrides)
        for (const auto &glob : o.paths)
          if (globMatch(glob, rel) || globMatch(glob + "/**", rel)) {
            overrides.push_back(&o);
            break;
          }
  }
  // Arch: a path override, then the command line, then the config, then sm90.
  std::vector<std::string> archs = {defaultArch};
  if (config.archs) archs = *config.archs;
  if (!options.archs.empty()) archs = options.archs;
  for (const auto *o : overrides)
    if (o->archs) archs = *o->archs;
  state.archs = archs;

  state.settings.dtype = "fp16";
  state.settings.dtypeSource = "default";
  if (config.dtype) {
    state.settings.dtype = *config.dtype;
    state.settings.dtypeSource = "config";
  }
  for (const auto *o : overrides)
    if (o->dtype) {
      state.settings.dtype = *o->dtype;
      state.settings.dtypeSource = "config override";
    }
  if (options.dtype) {
    state.settings.dtype = *options.dtype;
    state.settings.dtypeSource = "--dtype";
  }

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

  for (const auto &id : enabled) {
    const RegisteredRule *rule = RuleRegistry::instance().find(id);
    if (!rule) continue;
    Severity severity = rule->info.defaultSeverity;
    auto apply = [&](const std::map<std::string, RuleSettings> &rules) {
      auto it = rules.find(id);
      if (it == rules.end()) return;
      if (it->second.severity) severity = *it->second.severity;
      for (const auto &[k, v] : it->second.options) state.ruleOptions[id][k] = v;
    };
    apply(config.rules);
    for (const auto *o : overrides) apply(o->rules);
    state.severities[id] = severity;
  }
  state.settings.enabledRules.clear();
  for (const auto &[id, severity] : state.severities) state.settings.enabledRules.insert(id);
}

std::unique_ptr<ParsedFile> parseFile(const FileState &state, const FrontEnd &frontEnd, const SourceProvider *sources) {
  if (sources)
    if (auto parsed = sources->parse(*state.source)) return parsed;
  return frontEnd.parse(*state.source);
}

class RunModuleResolver : public ModuleResolver {
public:
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
      // Absolute import: try every ancestor folder of the importing file as a root.
      llvm::SmallString<256> dir = llvm::sys::path::parent_path(from);
      while (!dir.empty()) {
        addCandidates(dir, name, candidates);
        llvm::StringRef parent = llvm::sys::path::parent_path(dir);
        if (parent == dir) break;
        dir = parent;
      }
    }
    for (const auto &candidate : candidates) {
      auto it = byAbsolutePath_.find(candidate);
      if (it == byAbsolutePath_.end()) continue;
      FileState &state = *files_[it->second];
      if (!state.readable) return nullptr;
      std::call_once(state.parseOnce, [&] {
        if (const FrontEnd *fe = frontEndFor(state.file.language)) state.parsed = parseFile(state, *fe, sources_);
      });
      return state.parsed.get();
    }
    return nullptr;
  }

private:
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
};

class RunProjectIndex : public ProjectIndex {
public:
  void add(const FileModel &model) {
    for (const auto &k : model.kernels) byName_[k.name].push_back(&k);
  }
  std::vector<const Kernel *> kernelsNamed(const std::string &name) const override {
    auto it = byName_.find(name);
    return it == byName_.end() ? std::vector<const Kernel *>{} : it->second;
  }

private:
  std::map<std::string, std::vector<const Kernel *>> byName_;
};

// Runs work(i) for i in [0, count) on the pool and waits.
template <typename Work> void parallelFor(llvm::StdThreadPool &pool, size_t count, Work work) {
  for (size_t i = 0; i < count; ++i) pool.async([&work, i] { work(i); });
  pool.wait();
}

} // namespace

std::optional<std::string> readSourceText(const std::string &path, size_t maxBytes, std::string &error) {
  uint64_t size = 0;
  if (std::error_code ec = llvm::sys::fs::file_size(path, size)) {
    error = "cannot read file: " + ec.message();
    return std::nullopt;
  }
  if (size > maxBytes) {
    error = "file is " + std::to_string(size) + " bytes; btlint reads files up to " + std::to_string(maxBytes) +
            " bytes";
    return std::nullopt;
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer) {
    error = "cannot read file: " + buffer.getError().message();
    return std::nullopt;
  }
  llvm::StringRef text = (*buffer)->getBuffer();
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
  if (text.starts_with("\xEF\xBB\xBF")) text = text.drop_front(3);
  return text.str();
}

RunResult runAnalysis(const EngineOptions &options, const ProjectConfig &config) {
  RunResult result;
  DiscoveryOptions discoveryOptions;
  discoveryOptions.excludeGlobs = config.exclude;
  discoveryOptions.excludeRoot = config.root;
  discoveryOptions.followSymlinks = options.followSymlinks;
  DiscoveryResult discovered = discoverFiles(options.paths, discoveryOptions);
  result.inputErrors = discovered.errors;

  std::vector<std::unique_ptr<FileState>> files;
  for (auto &f : discovered.files) {
    auto state = std::make_unique<FileState>();
    state->file = f;
    files.push_back(std::move(state));
  }
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
        files.push_back(std::move(state));
      }
  }

  llvm::StdThreadPool pool(llvm::hardware_concurrency(options.jobs));
  std::mutex errorsMutex;

  // Read, pre-filter, parse.
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
    resolveSettings(state, options, config);
    state.suppressions = parseSuppressions(*state.source);
    const FrontEnd *frontEnd = frontEndFor(state.file.language);
    state.mayContainKernels = frontEnd && frontEnd->mayContainKernelCode(state.source->text());
    if (state.mayContainKernels)
      std::call_once(state.parseOnce, [&] { state.parsed = parseFile(state, *frontEnd, options.sources); });
  });

  RunModuleResolver resolver(files, options.sources);
  std::set<std::string> allArchs;
  for (const auto &f : files)
    if (f->readable) allArchs.insert(f->archs.begin(), f->archs.end());
  result.archs.assign(allArchs.begin(), allArchs.end());

  // Arch-independent findings come once per arch; keep them once, and name the
  // arch only when they did not appear for every arch the file was checked for.
  struct Collected {
    Diagnostic diagnostic;
    std::set<std::string> archs;
  };
  std::vector<std::map<std::string, Collected>> archIndependent(files.size());
  std::vector<size_t> kernelCounts(files.size(), 0), listCounts(files.size(), 0), completeCounts(files.size(), 0);

  for (const std::string &archName : result.archs) {
    const ArchInfo *arch = findArch(archName);
    std::vector<std::unique_ptr<FileModel>> models(files.size());
    parallelFor(pool, files.size(), [&](size_t i) {
      FileState &state = *files[i];
      if (!state.readable || !state.mayContainKernels || !state.parsed) return;
      if (std::find(state.archs.begin(), state.archs.end(), archName) == state.archs.end()) return;
      auto model = std::make_unique<FileModel>();
      model->path = state.file.path;
      model->language = state.file.language;
      ModelContext context;
      context.arch = arch;
      context.settings = state.settings;
      context.modules = &resolver;
      context.kernelSettings = &config.kernels;
      frontEndFor(state.file.language)->buildModel(*state.parsed, context, *model);
      if (options.modelObserver) options.modelObserver(archName, *model);
      models[i] = std::move(model);
    });
    RunProjectIndex index;
    for (const auto &m : models)
      if (m) index.add(*m);
    parallelFor(pool, files.size(), [&](size_t i) {
      FileState &state = *files[i];
      if (!models[i]) return;
      const FileModel &model = *models[i];
      if (archName == state.archs.front()) {
        kernelCounts[i] = model.kernels.size();
        for (const auto &k : model.kernels)
          if (k.autotune) {
            ++listCounts[i];
            if (k.autotune->configs.complete) ++completeCounts[i];
          }
      }
      for (const auto &rule : RuleRegistry::instance().rules()) {
        auto enabled = state.severities.find(rule.info.id);
        if (enabled == state.severities.end()) continue;
        auto instance = rule.create();
        if (instance->runsAfterSuppressions()) continue;
        RuleOptions ruleOptions(rule.info, state.ruleOptions[rule.info.id]);
        RuleContext context(model, rule.info.archSpecific ? arch : nullptr, state.settings, index, ruleOptions,
                            nullptr, state.source->text());
        instance->check(context);
        for (Diagnostic &d : context.takeDiagnostics()) {
          d.ruleId = rule.info.id;
          d.severity = enabled->second;
          d.path = state.file.path;
          if (rule.info.archSpecific) {
            d.arch = archName;
            state.diagnostics.push_back(std::move(d));
          } else {
            d.arch.reset();
            std::string key = d.ruleId + '\x1f' + std::to_string(d.span.line) + ':' + std::to_string(d.span.column) +
                              '\x1f' + d.message;
            auto [it, inserted] = archIndependent[i].try_emplace(key, Collected{d, {}});
            it->second.archs.insert(archName);
          }
        }
      }
    });
  }

  // Merge, suppress, run the suppression-judging meta rules, sort.
  parallelFor(pool, files.size(), [&](size_t i) {
    FileState &state = *files[i];
    if (!state.readable || state.moduleOnly) return;
    for (auto &[key, collected] : archIndependent[i]) {
      if (collected.archs.size() == state.archs.size()) {
        state.diagnostics.push_back(collected.diagnostic);
      } else {
        for (const auto &a : collected.archs) {
          Diagnostic d = collected.diagnostic;
          d.arch = a;
          state.diagnostics.push_back(std::move(d));
        }
      }
    }
    std::vector<Diagnostic> kept;
    for (Diagnostic &d : state.diagnostics)
      if (!suppresses(state.suppressions, d)) kept.push_back(std::move(d));
    FileModel emptyModel;
    emptyModel.path = state.file.path;
    emptyModel.language = state.file.language;
    RunProjectIndex noIndex;
    // Runs the suppression-judging meta rules that `select` accepts.
    auto runMetaRules = [&](auto select) {
      std::vector<Diagnostic> found;
      for (const auto &rule : RuleRegistry::instance().rules()) {
        auto enabled = state.severities.find(rule.info.id);
        if (enabled == state.severities.end() || !select(rule.info.id)) continue;
        auto instance = rule.create();
        if (!instance->runsAfterSuppressions()) continue;
        RuleOptions ruleOptions(rule.info, state.ruleOptions[rule.info.id]);
        RuleContext context(emptyModel, nullptr, state.settings, noIndex, ruleOptions, &state.suppressions,
                            state.source->text());
        instance->check(context);
        for (Diagnostic &d : context.takeDiagnostics()) {
          d.ruleId = rule.info.id;
          d.severity = enabled->second;
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
  });

  for (size_t i = 0; i < files.size(); ++i) {
    FileState &state = *files[i];
    if (state.parsed && !state.moduleOnly) ++result.statistics.filesParsed;
    result.statistics.kernels += kernelCounts[i];
    result.statistics.autotuneLists += listCounts[i];
    result.statistics.autotuneListsComplete += completeCounts[i];
    for (auto &d : state.diagnostics) result.diagnostics.push_back(std::move(d));
  }
  std::sort(result.diagnostics.begin(), result.diagnostics.end(), diagnosticLess);
  std::sort(result.inputErrors.begin(), result.inputErrors.end());
  return result;
}

} // namespace btlint
