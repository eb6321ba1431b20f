#include "engine/Discovery.h"
#include "source/CudaPaths.h"
#include "engine/Glob.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace btlint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::optional<Language> languageForPath(const std::string &p) {
  llvm::StringRef ext = path::extension(p);
  if (ext == ".py") return Language::Python;
  if (isCudaSourcePath(p)) return Language::Cuda;
  if (ext == ".yaml" || ext == ".yml") {
    // Config files are settings, not inputs.
    if (path::filename(p) == ".btlint.yaml" || path::filename(p) == ".pre-commit-config.yaml" ||
        path::filename(p) == ".pre-commit-hooks.yaml")
      return std::nullopt;
    return Language::Yaml;
  }
  return std::nullopt;
}

namespace {

// Folders that never hold sources to lint.
bool isSkippedFolderName(llvm::StringRef name) {
  static const char *const names[] = {".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv",
                                      "venv", ".tox", ".nox", ".eggs", ".mypy_cache", ".ruff_cache",
                                      ".pytest_cache", "build", "_build", "dist", "site-packages"};
  for (const char *n : names)
    if (name == n) return true;
  return name.ends_with(".egg-info") || name.starts_with("cmake-build-");
}

struct IgnorePattern {
  std::string pattern; // relative to base, without leading '/'
  std::string base;    // folder of the .gitignore, relative to the walk root
  bool negated = false;
  bool directoryOnly = false;
  bool anchored = false; // contains a '/' before its end
};

std::string joinRelative(const std::string &base, llvm::StringRef name) {
  return base.empty() ? name.str() : base + "/" + name.str();
}

bool matchesIgnore(const IgnorePattern &p, const std::string &relative, bool isDirectory) {
  if (p.directoryOnly && !isDirectory) return false;
  llvm::StringRef rel(relative);
  if (!p.base.empty()) {
    if (!rel.starts_with(p.base + "/")) return false;
    rel = rel.drop_front(p.base.size() + 1);
  }
  if (p.anchored) return globMatch(p.pattern, rel);
  // Unanchored: matches the name at any depth.
  return globMatch(p.pattern, path::filename(rel, path::Style::posix)) || globMatch("**/" + p.pattern, rel);
}

void loadGitignore(const std::string &dirOnDisk, const std::string &relativeBase,
                   std::vector<IgnorePattern> &patterns) {
  llvm::SmallString<256> file(dirOnDisk);
  path::append(file, ".gitignore");
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer) return;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.rtrim("\r").rtrim(" ");
    if (line.empty() || line.starts_with("#")) continue;
    IgnorePattern p;
    p.base = relativeBase;
    if (line.starts_with("!")) {
      p.negated = true;
      line = line.drop_front();
    }
    if (line.ends_with("/")) {
      p.directoryOnly = true;
      line = line.drop_back();
    }
    p.anchored = line.contains('/');
    if (line.starts_with("/")) line = line.drop_front();
    p.pattern = line.str();
    if (!p.pattern.empty()) patterns.push_back(std::move(p));
  }
}

class Walker {
public:
  Walker(const DiscoveryOptions &options, DiscoveryResult &result) : options_(options), result_(result) {
    if (!options_.excludeRoot.empty()) {
      llvm::SmallString<256> root(options_.excludeRoot);
      fs::make_absolute(root);
      path::remove_dots(root, true);
      excludeRootAbsolute_ = std::string(root);
    }
  }

  bool excluded(const std::string &shownPath, bool isDirectory) {
    const std::vector<std::string> *globs = &options_.excludeGlobs;
    const std::string *rootAbsolute = &excludeRootAbsolute_;
    if (options_.nearestConfigs) {
      std::string dir = path::parent_path(shownPath).str();
      if (dir != lastDir_ || !lastConfig_) {
        lastDir_ = dir;
        lastConfig_ = &options_.nearestConfigs->forDirectory(dir);
        lastRootAbsolute_.clear();
        if (!lastConfig_->root.empty()) {
          llvm::SmallString<256> root(lastConfig_->root);
          fs::make_absolute(root);
          path::remove_dots(root, true);
          lastRootAbsolute_ = std::string(root);
        }
      }
      globs = &lastConfig_->exclude;
      rootAbsolute = &lastRootAbsolute_;
    }
    if (globs->empty()) return false;
    llvm::SmallString<256> absolute(shownPath);
    fs::make_absolute(absolute);
    path::remove_dots(absolute, true);
    llvm::StringRef rel(absolute);
    if (!rootAbsolute->empty()) {
      if (!rel.starts_with(*rootAbsolute + "/")) return false;
      rel = rel.drop_front(rootAbsolute->size() + 1);
    }
    for (const auto &glob : *globs) {
      llvm::StringRef g(glob);
      bool dirOnly = g.ends_with("/");
      if (dirOnly) g = g.drop_back();
      if (dirOnly && !isDirectory) continue;
      if (g.contains('/')) {
        if (globMatch(g.ltrim('/'), rel) || globMatch((g.ltrim('/') + "/**").str(), rel)) return true;
      } else {
        // A bare name matches any path component.
        llvm::SmallVector<llvm::StringRef> parts;
        rel.split(parts, '/');
        for (auto part : parts)
          if (globMatch(g, part)) return true;
      }
    }
    return false;
  }

  void walkDirectory(const std::string &shownDir, const std::string &relative,
                     std::vector<IgnorePattern> patterns, int depth) {
    if (depth > 64) {
      result_.errors.push_back(shownDir + ": folders nested too deep (over 64 levels); not entered");
      return;
    }
    if (options_.respectGitignore) loadGitignore(shownDir, relative, patterns);
    std::error_code ec;
    std::vector<std::pair<std::string, fs::file_type>> entries;
    for (fs::directory_iterator it(shownDir, ec, /*follow_symlinks=*/false), end; it != end && !ec;
         it.increment(ec))
      entries.push_back({it->path(), it->type()});
    if (ec) {
      result_.errors.push_back(shownDir + ": cannot read folder: " + ec.message());
      return;
    }
    std::sort(entries.begin(), entries.end());
    for (auto &[entryPath, type] : entries) {
      llvm::StringRef name = path::filename(entryPath);
      std::string rel = joinRelative(relative, name);
      std::string shown = entryPath;
      if (llvm::StringRef(shown).starts_with("./")) shown = shown.substr(2);
      bool isLink = type == fs::file_type::symlink_file;
      bool linkBroken = false;
      if (isLink) {
        fs::file_status status;
        if (fs::status(entryPath, status)) {
          linkBroken = true;
        } else {
          type = status.type();
          // Symlinked folders are entered only with --follow-symlinks; symlinked
          // files only when they resolve inside the folder being linted, or with it.
          if (type == fs::file_type::directory_file && !options_.followSymlinks) continue;
          if (!options_.followSymlinks && !resolvesInsideRoot(entryPath)) continue;
        }
      }
      bool isDirectory = type == fs::file_type::directory_file;
      if (isDirectory && isSkippedFolderName(name)) continue;
      if (isIgnored(patterns, rel, isDirectory) || excluded(shown, isDirectory)) continue;
      if (linkBroken) {
        // Only entries that would have been linted are worth a message.
        if (languageForPath(shown)) result_.errors.push_back(shown + ": broken or looping symbolic link");
        continue;
      }
      if (isDirectory) {
        llvm::SmallString<256> cache(entryPath);
        path::append(cache, "CMakeCache.txt");
        if (fs::exists(cache)) continue; // a CMake build folder
        // Following links, one folder can be reached by several paths: walk it once.
        if (options_.followSymlinks) {
          llvm::SmallString<256> real;
          if (fs::real_path(entryPath, real) || !visitedReal_.insert(std::string(real)).second) continue;
        }
        walkDirectory(shown, rel, patterns, depth + 1);
      } else if (auto language = languageForPath(shown)) {
        if (type == fs::file_type::regular_file)
          add(shown, *language, false);
        else
          result_.errors.push_back(shown + ": not a regular file or folder");
      }
    }
  }

  static bool isIgnored(const std::vector<IgnorePattern> &patterns, const std::string &rel, bool isDirectory) {
    bool ignored = false;
    for (const auto &p : patterns)
      if (matchesIgnore(p, rel, isDirectory)) ignored = !p.negated;
    return ignored;
  }

  void add(const std::string &shown, Language language, bool explicitlyNamed) {
    if (!seen_.insert(shown).second) return;
    result_.files.push_back({shown, language, explicitlyNamed});
  }

  void walkRoot(const std::string &root) {
    fs::file_status status;
    std::error_code ec = fs::status(root, status, /*follow=*/true);
    if (ec) {
      fs::file_status linkStatus;
      if (!fs::status(root, linkStatus, false) && linkStatus.type() == fs::file_type::symlink_file)
        result_.errors.push_back(root + ": broken or looping symbolic link");
      else
        result_.errors.push_back(root + ": " + ec.message());
      return;
    }
    if (status.type() == fs::file_type::directory_file) {
      llvm::SmallString<256> real;
      if (!fs::real_path(root, real)) visitedReal_.insert(std::string(real));
      rootReal_ = std::string(real);
      std::string shown = root;
      while (shown.size() > 1 && shown.back() == '/') shown.pop_back();
      walkDirectory(shown, "", {}, 0);
      return;
    }
    if (status.type() != fs::file_type::regular_file) {
      result_.errors.push_back(root + ": not a regular file or folder");
      return;
    }
    auto language = languageForPath(root);
    if (!language) {
      // Settings files (.btlint.yaml, .pre-commit-config.yaml) named on the
      // command line are skipped as in a folder walk: pre-commit passes every
      // staged YAML file.
      llvm::StringRef extension = path::extension(root);
      if (extension == ".yaml" || extension == ".yml") return;
      result_.errors.push_back(root + ": unsupported file type (btlint reads .py, .cu (also .cu.cc, .cu.cpp), .cuh, .yaml and .yml)");
      return;
    }
    std::string shown = root;
    if (llvm::StringRef(shown).starts_with("./")) shown = shown.substr(2);
    add(shown, *language, true);
  }

private:
  // True when `entry` resolves to a path inside the real path of the root being walked.
  bool resolvesInsideRoot(const std::string &entry) const {
    llvm::SmallString<256> real;
    if (rootReal_.empty() || fs::real_path(entry, real)) return false;
    llvm::StringRef inside(real);
    return inside.consume_front(rootReal_) && (inside.empty() || inside.starts_with("/") || rootReal_ == "/");
  }

  const DiscoveryOptions &options_;
  DiscoveryResult &result_;
  std::string rootReal_; // real path of the folder being walked
  std::string excludeRootAbsolute_;
  std::string lastDir_; // nearest-config cache of the last folder asked
  const ProjectConfig *lastConfig_ = nullptr;
  std::string lastRootAbsolute_;
  std::set<std::string> seen_;
  std::set<std::string> visitedReal_;
};

} // namespace

DiscoveryResult discoverFiles(const std::vector<std::string> &roots, const DiscoveryOptions &options) {
  DiscoveryResult result;
  Walker walker(options, result);
  for (const auto &root : roots) walker.walkRoot(root);
  std::sort(result.files.begin(), result.files.end(),
            [](const DiscoveredFile &a, const DiscoveredFile &b) { return a.path < b.path; });
  return result;
}

} // namespace btlint
