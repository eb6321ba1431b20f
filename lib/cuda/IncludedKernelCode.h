#pragma once
// The CUDA pre-filter across includes: a translation unit (`.cu`) whose own
// text names no kernel, launch or opt-in is still analysed when a header of
// the project it includes (directly or through other project headers) does.
// Per-head-dim instantiation files and launchers built from header templates
// look like plain C++ on their own. Headers are read through the files that
// include them.
#include "llvm/ADT/StringRef.h"

#include <functional>
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

// The part of `path` below `folder` ("gguf/mmq.cuh" of "/p/csrc/gguf/mmq.cuh"
// below "/p/csrc"); empty when it does not lie below it.
llvm::StringRef pathBelow(llvm::StringRef path, llvm::StringRef folder);

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

  // A file of the project under `projectTop` (a .cu, .cuh, .h, .hpp, .cpp or
  // .cc) that includes the header at `headerPath`, resolved with the search
  // path `searchOf` gives for that file: a header that does not compile on
  // its own is usually a piece of it. Empty when none does. The project's
  // include lines are read once per top folder (at most kMaxScannedFiles).
  std::string includerOf(const std::string &headerPath, const std::string &projectTop,
                         const std::function<SearchPath(const std::string &file)> &searchOf);

  static constexpr size_t kMaxScannedFiles = 20000;

private:
  bool headerReaches(const std::string &realPath, const SearchPath &search, int depth, std::set<std::string> &open,
                     bool &cut);
  std::string resolve(const IncludeLine &include, llvm::StringRef includingFolder, const SearchPath &search) const;

  std::mutex mutex_;
  // Real path of a header -> it or a project header it includes names kernel
  // code (the answer for the first search path that asked; projects resolve
  // a header's includes the same way from every file).
  std::map<std::string, bool> headers_;
  // Top folder -> file name included ("utils.cuh" of "gguf/utils.cuh") ->
  // the files that include a header by that name, with the line.
  using IncludersByName = std::map<std::string, std::vector<std::pair<std::string, IncludeLine>>>;
  std::map<std::string, IncludersByName> includers_;
};

} // namespace btlint::cuda
