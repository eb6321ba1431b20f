#pragma once
// The set-up every tool makes before a run (the CLI, `btlint report`,
// btlint-bench, the language server): checking the arch and dtype options,
// finding and loading .btlint.yaml, and registering the CUDA front-end with
// its options. Each returns what is wrong as text; the tool says it its way.
#include "config/ProjectConfig.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace btlint {

// "unknown arch `X`; known: ..." for the first arch btlint does not know, else empty.
std::string checkArchs(const std::vector<std::string> &archs);
// "unknown dtype `X`; known: ..." when `dtype` is set and unknown, else empty.
std::string checkDtype(const std::string &dtype);

// Rule selectors of --select/--ignore (and the editor's settings): an id,
// `category:*`, or a glob over ids (`tile-*`, `*-over-*`: `*`, `?`, `[...]`),
// which is replaced by the ids it matches, sorted. "unknown rule ..." or
// "`GLOB` matches no rule" for the first selector that selects nothing, else empty.
std::string expandRuleSelectors(std::vector<std::string> &selectors);

// The config of a run: `explicitPath` when given, else the nearest
// .btlint.yaml above `firstPath` (from its folder when it is a file); none
// when `noConfig`.
struct RunConfig {
  ProjectConfig config;
  std::string path;                 // the file read; empty when none
  std::string missing;              // "F: config file not found" for an explicit path that is not there
  std::vector<ConfigError> errors;  // what the file gets wrong
  bool ok() const { return missing.empty() && errors.empty(); }
};
RunConfig loadRunConfig(const std::string &explicitPath, const std::string &firstPath, bool noConfig);

// Registers the CUDA front-end made with `compileCommandsDir` (-p) and
// `cudaPath` (--cuda-path; "none": no toolkit). False with `error` set when
// those are unusable. Where btlint is built without CUDA it does nothing.
// `defines` (.btlint.yaml `cuda: defines:`) go to files no compile database
// lists; with `definesFor`, each such file's macros come from it instead.
using CudaDefinesLookup = std::function<std::map<std::string, std::string>(const std::string &absolutePath)>;
bool registerCudaFrontEnd(const std::string &compileCommandsDir, const std::string &cudaPath, std::string &error,
                          const std::map<std::string, std::string> &defines = {}, CudaDefinesLookup definesFor = {});

// The `cuda: defines:` of the .btlint.yaml nearest above a file (none where
// there is none or it has errors): what an editor, whose files come from
// several projects, gives each file.
std::map<std::string, std::string> nearestConfigCudaDefines(const std::string &absolutePath);

} // namespace btlint
