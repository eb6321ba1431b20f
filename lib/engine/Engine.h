#pragma once
// The analysis driver: discover -> read -> parse (parallel) -> per arch: build
// models and run rules (parallel) -> suppress -> select -> sort. Output order
// never depends on the number of threads or the order paths were given.
#include "config/ProjectConfig.h"
#include "diag/Diagnostic.h"

#include <functional>
#include <optional>
#include <map>
#include <string>
#include <vector>

namespace btlint {

struct FileModel;

class SourceProvider;

struct EngineOptions {
  std::vector<std::string> paths;
  std::vector<std::string> archs;        // --arch; empty: config, then sm90
  std::optional<std::string> dtype;      // --dtype
  std::vector<std::string> select;       // --select replaces the config's
  std::vector<std::string> ignore;       // --ignore adds to it
  unsigned jobs = 0;                     // 0: all cores
  bool followSymlinks = false;
  // Each file uses its nearest .btlint.yaml (walking up from its folder), not
  // only the config passed to runAnalysis (which is reused when it is that file).
  bool nearestConfig = false;
  size_t maxFileBytes = 32u << 20;
  // Editors (btlint lsp): unsaved texts and kept parses, asked before the disk.
  const SourceProvider *sources = nullptr;
  // Files whose text only `sources` has (standard input, shown under the name
  // --stdin-filename gives it): analysed as named files whether or not that
  // name exists on disk, never walked; the language is the name's, Python when
  // the name says none (as ruff reads standard input).
  std::vector<std::string> inMemoryPaths;
  // Python files that imports may resolve to without being analysed or
  // reported on (an editor analyses one file; its siblings serve its imports).
  std::vector<std::string> modulePaths;
  // Called with every file model built (once per file and arch, from worker
  // threads, so it must synchronise); `btlint report` keeps copies of them.
  std::function<void(const std::string &arch, const FileModel &model)> modelObserver;
};

struct RunStatistics {
  size_t filesFound = 0;
  size_t filesParsed = 0;  // passed the pre-filter
  // Read but not analysed: their text holds nothing a rule reads (no kernel,
  // config, launch or timing call: FrontEnd::mayContainKernelCode), by language.
  std::map<std::string, size_t> filesSkippedByLanguage;
  size_t kernels = 0;
  size_t autotuneLists = 0;
  size_t autotuneListsComplete = 0;
  size_t internalErrors = 0; // files whose analysis crashed (internal-error findings)
};

struct RunResult {
  std::vector<Diagnostic> diagnostics; // sorted
  std::vector<std::string> inputErrors; // "path: message", sorted
  // Problems of nested config files (nearestConfig): "path:line:col: error: ...";
  // the files under such a config are analysed with what it sets validly.
  std::vector<std::string> configErrors;
  RunStatistics statistics;
  std::vector<std::string> archs;       // archs analysed
};

RunResult runAnalysis(const EngineOptions &options, const ProjectConfig &config);

// The `backend:` `config` says for a file (its last matching override's, else
// its own); empty when neither says.
std::string configuredBackend(const std::string &path, const ProjectConfig &config);

// Reads a file for analysis: rejects missing, unreadable, binary, non-UTF-8 and
// oversized files with a message naming what is wrong (line:col for UTF-8).
std::optional<std::string> readSourceText(const std::string &path, size_t maxBytes, std::string &error);
// The same checks for what standard input holds, read to its end (btlint -).
std::optional<std::string> readStandardInputSource(size_t maxBytes, std::string &error);

} // namespace btlint
