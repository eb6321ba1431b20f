#include "cuda/IncludedKernelCode.h"
#include "source/CudaPaths.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace btlint::cuda {

bool namesKernelCode(std::string_view text) {
  for (std::string_view marker : {"__global__", "<<<", "cudaLaunch", "cudaFuncSetAttribute"})
    if (text.find(marker) != std::string_view::npos) return true;
  return false;
}

std::vector<IncludeLine> includeLines(std::string_view text) {
  std::vector<IncludeLine> found;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos || line[i] != '#') continue;
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string_view::npos || line.substr(i, 7) != "include") continue;
    i = line.find_first_not_of(" \t", i + 7);
    if (i == std::string_view::npos || (line[i] != '"' && line[i] != '<')) continue;
    const char close = line[i] == '"' ? '"' : '>';
    const size_t stop = line.find(close, i + 1);
    if (stop == std::string_view::npos || stop == i + 1) continue;
    found.push_back({std::string(line.substr(i + 1, stop - i - 1)), close == '"'});
  }
  return found;
}

namespace {


std::string realPathOf(llvm::StringRef path) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real)) return {};
  return std::string(real);
}

} // namespace

IncludedKernelCode::SearchPath IncludedKernelCode::searchPathOf(const std::vector<std::string> &arguments,
                                                                const std::string &workingDirectory,
                                                                std::string projectTop) {
  SearchPath search;
  search.projectTop = realPathOf(projectTop);
  if (search.projectTop.empty()) search.projectTop = std::move(projectTop);
  auto absolute = [&](llvm::StringRef folder) {
    llvm::SmallString<256> path(folder);
    if (!workingDirectory.empty()) llvm::sys::path::make_absolute(workingDirectory, path);
    return std::string(path);
  };
  for (size_t i = 0; i < arguments.size(); ++i) {
    llvm::StringRef argument = arguments[i];
    for (auto [flag, into] : {std::pair{llvm::StringRef("-iquote"), &search.quoted},
                              std::pair{llvm::StringRef("-I"), &search.angled}}) {
      if (!argument.starts_with(flag)) continue;
      llvm::StringRef folder = argument.drop_front(flag.size());
      if (folder.empty() && i + 1 < arguments.size()) folder = arguments[++i];
      if (!folder.empty()) into->push_back(absolute(folder));
      break;
    }
  }
  return search;
}

std::string IncludedKernelCode::resolve(const IncludeLine &include, llvm::StringRef includingFolder,
                                        const SearchPath &search) const {
  auto tryIn = [&](llvm::StringRef folder) -> std::string {
    llvm::SmallString<256> path(folder);
    llvm::sys::path::append(path, include.name);
    if (!llvm::sys::fs::is_regular_file(path)) return {};
    return realPathOf(path);
  };
  if (include.quoted) {
    if (std::string found = tryIn(includingFolder); !found.empty()) return found;
    for (const std::string &folder : search.quoted)
      if (std::string found = tryIn(folder); !found.empty()) return found;
  }
  for (const std::string &folder : search.angled)
    if (std::string found = tryIn(folder); !found.empty()) return found;
  return {};
}

bool IncludedKernelCode::includesKernelCode(const std::string &absolutePath, std::string_view text,
                                            const SearchPath &search) {
  std::string real = realPathOf(absolutePath);
  if (real.empty()) real = absolutePath;
  const llvm::StringRef folder = llvm::sys::path::parent_path(real);
  std::set<std::string> open{real};
  bool cut = false;
  for (const IncludeLine &include : includeLines(text)) {
    const std::string header = resolve(include, folder, search);
    if (header.empty() || pathBelow(header, search.projectTop).empty()) continue;
    if (headerReaches(header, search, 1, open, cut)) return true;
  }
  return false;
}

bool IncludedKernelCode::headerReaches(const std::string &realPath, const SearchPath &search, int depth,
                                       std::set<std::string> &open, bool &cut) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = headers_.find(realPath);
    if (found != headers_.end()) return found->second;
  }
  // A header already being read (an include cycle) or one too deep is left
  // out; a "no" reached without it is not remembered.
  if (open.count(realPath) || depth > kMaxDepth) {
    cut = true;
    return false;
  }
  bool reaches = false;
  bool cutBelow = false;
  if (auto buffer = llvm::MemoryBuffer::getFile(realPath, /*IsText=*/true)) {
    const std::string_view text((*buffer)->getBufferStart(), (*buffer)->getBufferSize());
    reaches = namesKernelCode(text);
    if (!reaches) {
      open.insert(realPath);
      const llvm::StringRef folder = llvm::sys::path::parent_path(realPath);
      for (const IncludeLine &include : includeLines(text)) {
        const std::string header = resolve(include, folder, search);
        if (header.empty() || pathBelow(header, search.projectTop).empty()) continue;
        if (headerReaches(header, search, depth + 1, open, cutBelow)) {
          reaches = true;
          break;
        }
      }
      open.erase(realPath);
    }
  }
  cut = cut || cutBelow;
  if (reaches || !cutBelow) {
    std::lock_guard<std::mutex> lock(mutex_);
    headers_[realPath] = reaches;
  }
  return reaches;
}

llvm::StringRef pathBelow(llvm::StringRef path, llvm::StringRef folder) {
  if (folder.empty() || path.size() <= folder.size() + 1 || !path.starts_with(folder) ||
      !llvm::sys::path::is_separator(path[folder.size()]))
    return {};
  return path.drop_front(folder.size() + 1);
}

std::string IncludedKernelCode::includerOf(const std::string &headerPath, const std::string &projectTop,
                                           const std::function<SearchPath(const std::string &file)> &searchOf) {
  std::string real = realPathOf(headerPath);
  if (real.empty()) real = headerPath;
  const std::string name = std::string(llvm::sys::path::filename(real));
  std::vector<std::pair<std::string, IncludeLine>> candidates;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto [entry, added] = includers_.try_emplace(projectTop);
    if (added) {
      size_t scanned = 0;
      std::error_code ec;
      for (llvm::sys::fs::recursive_directory_iterator it(projectTop, ec), end; it != end && !ec;
           it.increment(ec)) {
        const llvm::StringRef path = it->path();
        const llvm::StringRef base = llvm::sys::path::filename(path);
        if (it->type() == llvm::sys::fs::file_type::directory_file) {
          if (base.starts_with(".") || base == "build" || base == "node_modules") it.no_push();
          continue;
        }
        const llvm::StringRef extension = llvm::sys::path::extension(path);
        if (extension != ".cu" && extension != ".cuh" && extension != ".h" && extension != ".hpp" &&
            extension != ".cpp" && extension != ".cc")
          continue;
        if (++scanned > kMaxScannedFiles) break;
        auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
        if (!buffer || (*buffer)->getBufferSize() > (size_t(4) << 20)) continue;
        for (IncludeLine &include : includeLines((*buffer)->getBuffer()))
          entry->second[std::string(llvm::sys::path::filename(include.name))].push_back({path.str(), include});
      }
    }
    if (auto found = entry->second.find(name); found != entry->second.end()) candidates = found->second;
  }
  // Translation units first: they are what the header is compiled as part of.
  std::stable_sort(candidates.begin(), candidates.end(), [](const auto &a, const auto &b) {
    return isCudaTranslationUnitPath(a.first) && !isCudaTranslationUnitPath(b.first);
  });
  for (const auto &[file, include] : candidates) {
    if (realPathOf(file) == real) continue;
    if (resolve(include, llvm::sys::path::parent_path(file), searchOf(file)) == real) return file;
  }
  return {};
}

} // namespace btlint::cuda
