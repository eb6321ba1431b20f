#pragma once
// The CUDA pre-filter across includes: a translation unit (`.cu`) whose own
// text names no kernel, launch or opt-in is still analysed when a header of
// the project it includes (directly or through other project headers) does.
// Per-head-dim instantiation files and launchers built from header templates
// look like plain C++ on their own. Headers are read through the files that
// include them.
#include "llvm/ADT/StringRef.h"

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace btlint::cuda {

// Whether `text` itself names kernel code: `__global__`, `<<<`, `cudaLaunch`,
// `cudaFuncSetAttribute`.
bool namesKernelCode(std::string_view text);

// The `#include` lines of `text`, in order: the name and whether it was quoted.
struct IncludeLine {
  std::string name;
  bool quoted = false;
};
std::vector<IncludeLine> includeLines(std::string_view text);

class IncludedKernelCode {
public:
  // The folders a parse searches: `quoted` for "..." after the including
  // file's own folder, `angled` for both kinds. Headers outside `projectTop`
  // (the toolkit, the system, other projects) are not read.
  struct SearchPath {
    std::vector<std::string> quoted;
    std::vector<std::string> angled;
    std::string projectTop;
  };

  // True when a project header `text` (the file at absolutePath) includes
  // names kernel code, through at most kMaxDepth levels of headers.
  bool includesKernelCode(const std::string &absolutePath, std::string_view text, const SearchPath &search);

  // The search folders of a clang command line (-I, -iquote; relative ones
  // against workingDirectory).
  static SearchPath searchPathOf(const std::vector<std::string> &arguments, const std::string &workingDirectory,
                                 std::string projectTop);

  static constexpr int kMaxDepth = 16;

private:
  bool headerReaches(const std::string &realPath, const SearchPath &search, int depth, std::set<std::string> &open,
                     bool &cut);
  std::string resolve(const IncludeLine &include, llvm::StringRef includingFolder, const SearchPath &search) const;

  std::mutex mutex_;
  // Real path of a header -> it or a project header it includes names kernel
  // code (the answer for the first search path that asked; projects resolve
  // a header's includes the same way from every file).
  std::map<std::string, bool> headers_;
};

} // namespace btlint::cuda
