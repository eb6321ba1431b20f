#pragma once
#include "config/ProjectConfig.h"
#include "model/KernelModel.h"

#include <optional>
#include <string>
#include <vector>

namespace btlint {

struct DiscoveredFile {
  std::string path; // as shown to the user: relative when the root was
  Language language = Language::Python;
  bool explicitlyNamed = false;
};

struct DiscoveryOptions {
  std::vector<std::string> excludeGlobs; // relative to excludeRoot
  std::string excludeRoot;               // folder of the config file
  bool respectGitignore = true;
  bool followSymlinks = false;           // symlinked folders are skipped unless asked
  // When set, each entry's own nearest .btlint.yaml decides its exclusion
  // (its `exclude`, relative to its folder) instead of excludeGlobs.
  NearestConfigs *nearestConfigs = nullptr;
};

struct DiscoveryResult {
  std::vector<DiscoveredFile> files; // sorted by path, no duplicates
  std::vector<std::string> errors;   // "path: message"
};

std::optional<Language> languageForPath(const std::string &path);
DiscoveryResult discoverFiles(const std::vector<std::string> &roots, const DiscoveryOptions &options);

} // namespace btlint
