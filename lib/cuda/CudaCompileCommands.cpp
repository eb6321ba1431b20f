#include "cuda/CudaCompileCommands.h"
#include "source/CudaPaths.h"
#include "cuda/CudaBuiltinHeaders.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace btlint::cuda {
namespace {

// Flags of nvcc that carry over to clang; every other nvcc flag (codegen,
// -gencode, -Xcompiler ...) does not change what the front-end sees or has no
// clang spelling. Values come attached ("-Ifoo"; only the one-letter flags),
// after '=' ("-std=c++17", "--include-path=foo") or as the next argument.
struct NvccFlag {
  llvm::StringRef nvcc;
  llvm::StringRef clang; // ends in '=' when clang wants the value attached that way
  bool attachedValue;    // "-Ifoo" form accepted
};
constexpr NvccFlag kNvccFlagsKept[] = {
    {"-I", "-I", true},           {"--include-path", "-I", false}, {"-isystem", "-isystem", false},
    {"--system-include", "-isystem", false}, {"-D", "-D", true},  {"--define-macro", "-D", false},
    {"-U", "-U", true},           {"--undefine-macro", "-U", false}, {"-include", "-include", false},
    {"--pre-include", "-include", false},    {"-std", "-std=", false}, {"--std", "-std=", false},
};

// nvcc flags that define a macro for the code they compile (CUDA's own
// headers test them: cuda_runtime.h includes <functional> under
// __CUDACC_EXTENDED_LAMBDA__), written with one dash or two.
struct NvccDefiningFlag {
  llvm::StringRef flag; // without its dashes
  llvm::StringRef macro;
};
constexpr NvccDefiningFlag kNvccDefiningFlags[] = {
    {"expt-extended-lambda", "__CUDACC_EXTENDED_LAMBDA__"},
    {"extended-lambda", "__CUDACC_EXTENDED_LAMBDA__"},
    {"expt-relaxed-constexpr", "__CUDACC_RELAXED_CONSTEXPR__"},
};

// The macro an nvcc flag (`--expt-extended-lambda`) defines; empty if none.
llvm::StringRef macroDefinedBy(llvm::StringRef arg) {
  if (!arg.consume_front("-")) return {};
  arg.consume_front("-");
  for (const NvccDefiningFlag &defining : kNvccDefiningFlags)
    if (arg == defining.flag) return defining.macro;
  return {};
}

bool isNvcc(llvm::StringRef driver) {
  return llvm::sys::path::filename(driver).starts_with("nvcc");
}

// nvcc's front end accepts GNU extensions (`typeof`, statement expressions)
// whatever -std says, as NCCL's and DOCA's device headers use them; Clang
// accepts them only in its gnu++ dialects.
std::string nvccDialect(llvm::StringRef standard) {
  if (standard.consume_front("c++")) return "-std=gnu++" + standard.str();
  return "-std=" + standard.str();
}

// Keeps the include paths, macros and language standard of an nvcc command.
std::vector<std::string> translateNvccFlags(const std::vector<std::string> &command) {
  std::vector<std::string> kept;
  for (size_t i = 1; i < command.size(); ++i) {
    llvm::StringRef arg = command[i];
    if (llvm::StringRef macro = macroDefinedBy(arg); !macro.empty()) {
      kept.push_back(("-D" + macro).str());
      continue;
    }
    for (const NvccFlag &flag : kNvccFlagsKept) {
      llvm::StringRef value;
      if (arg == flag.nvcc && i + 1 < command.size())
        value = command[++i];
      else if (arg.starts_with((flag.nvcc + "=").str()))
        value = arg.drop_front(flag.nvcc.size() + 1);
      else if (flag.attachedValue && arg.starts_with(flag.nvcc) && arg.size() > flag.nvcc.size())
        value = arg.drop_front(flag.nvcc.size());
      else
        continue;
      if (flag.clang == "-std=") {
        kept.push_back(nvccDialect(value));
      } else if (flag.clang.ends_with("=") || flag.attachedValue || flag.clang.size() == 2) {
        kept.push_back((flag.clang + value).str());
      } else {
        kept.push_back(flag.clang.str());
        kept.push_back(value.str());
      }
      break;
    }
  }
  return kept;
}

// Drops what would make clang do more than parse one device compilation, or
// parse something else: outputs, actions, the input, its language and archs.
std::vector<std::string> keepClangFlags(const std::vector<std::string> &command, const std::string &file) {
  using namespace clang::tooling;
  CommandLineArguments arguments = command;
  arguments = getClangStripOutputAdjuster()(arguments, file);
  arguments = getClangStripDependencyFileAdjuster()(arguments, file);
  std::vector<std::string> kept;
  const std::string fileName = llvm::sys::path::filename(file).str();
  for (size_t i = 1; i < arguments.size(); ++i) {
    llvm::StringRef arg = arguments[i];
    if (arg == "-c" || arg == "-S" || arg == "-E" || arg == "-fsyntax-only" || arg == "--cuda-host-only" ||
        arg == "--cuda-device-only" || arg == "--cuda-compile-host-device" || arg.starts_with("-Werror") ||
        arg.starts_with("--cuda-gpu-arch") || arg.starts_with("--offload-arch") || arg.starts_with("-x"))
    {
      if ((arg == "-x" || arg == "--cuda-gpu-arch" || arg == "--offload-arch") && i + 1 < arguments.size()) ++i;
      continue;
    }
    if (arg == file || llvm::sys::path::filename(arg) == fileName) continue;
    kept.push_back(arg.str());
  }
  return kept;
}

// The driver is never run: its path only tells the parse where to look for
// the host's GCC installation (the C++ standard library headers), which an
// installed clang++ finds as Clang does; /usr/bin stands in when there is none.
// Clang's own headers come from memory whatever is installed.
std::string findClangDriver() {
  const std::string major = CLANG_VERSION_MAJOR_STRING;
  for (const std::string &name : {"clang++-" + major, "clang-" + major})
    if (auto found = llvm::sys::findProgramByName(name)) {
      llvm::SmallString<256> real;
      if (!llvm::sys::fs::real_path(*found, real)) return std::string(real);
    }
  return "/usr/bin/clang++";
}

} // namespace

std::string projectTopFolder(llvm::StringRef folder) {
  // Where a walk up ends: never above the project (a folder such as / has
  // /usr/include below it).
  std::string top;
  for (llvm::StringRef up = folder; !up.empty() && top.empty(); ) {
    llvm::SmallString<256> git(up);
    llvm::sys::path::append(git, ".git");
    if (llvm::sys::fs::exists(git)) top = up.str();
    llvm::StringRef parent = llvm::sys::path::parent_path(up);
    if (parent == up) break;
    up = parent;
  }
  if (top.empty()) {
    llvm::SmallString<256> cwd;
    const bool underCwd = !llvm::sys::fs::current_path(cwd) && folder.starts_with(cwd) &&
                          (folder.size() == cwd.size() || llvm::sys::path::is_separator(folder[cwd.size()]));
    top = underCwd ? std::string(cwd) : folder.str();
  }
  if (top == llvm::sys::path::root_path(top)) top = folder.str(); // a run from /
  return top;
}

// `text` with each `#` comment removed: from a `#` outside quotes to the end
// of its line.
// For a flag at `at` inside a setup.py `...Extension(` call, the sources
// the call names (its string literals ending in .cu/.cuh/.cpp, resolved
// against `folder`); none when the flag is outside such a call (a list
// shared by every extension).
static std::optional<std::vector<std::string>> extensionSourcesAround(llvm::StringRef text, size_t at,
                                                                      const std::string &folder) {
  const size_t call = text.substr(0, at).rfind("Extension(");
  if (call == llvm::StringRef::npos) return std::nullopt;
  int depth = 0;
  size_t end = call + 9; // the '('
  for (; end < text.size(); ++end) {
    if (text[end] == '(') ++depth;
    else if (text[end] == ')' && --depth == 0) break;
  }
  if (end <= at || end >= text.size()) return std::nullopt; // the call closed before the flag
  std::vector<std::string> sources;
  static const llvm::Regex literal("[\"']([^\"'\n]*\\.(cu|cuh|cpp|cc))[\"']");
  llvm::SmallVector<llvm::StringRef, 3> groups;
  for (llvm::StringRef rest = text.slice(call, end); literal.match(rest, &groups);) {
    llvm::SmallString<256> path(folder);
    llvm::sys::path::append(path, groups[1]);
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    sources.push_back(std::string(path));
    rest = rest.substr(groups[0].data() - rest.data() + groups[0].size());
  }
  if (sources.empty()) return std::nullopt;
  return sources;
}

// Whether `path` is one of `sources` (a `*` in a source matches the rest of
// a file name); a header, linted as a piece of the sources that include it,
// counts with the sources of its own folder.
static bool namedAmong(const std::vector<std::string> &sources, llvm::StringRef path) {
  const bool header = !isCudaTranslationUnitPath(path);
  for (llvm::StringRef source : sources) {
    if (header && llvm::sys::path::parent_path(source) == llvm::sys::path::parent_path(path)) return true;
    const size_t star = source.find('*');
    if (star == llvm::StringRef::npos ? path == source
                                      : path.starts_with(source.substr(0, star)) &&
                                            !path.substr(star).contains('/') &&
                                            path.ends_with(source.substr(source.rfind('*') + 1)))
      return true;
  }
  return false;
}

static std::string withoutHashComments(llvm::StringRef text) {
  std::string out;
  out.reserve(text.size());
  char quote = 0;
  bool comment = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      comment = false;
      quote = 0;
    } else if (comment) {
      continue;
    } else if (quote) {
      if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n') {
        out += c;
        out += text[++i];
        continue;
      }
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '#') {
      comment = true;
      continue;
    }
    out += c;
  }
  return out;
}

// The folder of the newest GCC's omp.h (/usr/lib/gcc/x86_64-linux-gnu/12/include),
// or empty.
static const std::string &gccOpenMpIncludeDir() {
  static const std::string folder = [] {
    std::string best;
    int bestVersion = -1;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator triple("/usr/lib/gcc", ec), end; triple != end && !ec;
         triple.increment(ec)) {
      std::error_code inner;
      for (llvm::sys::fs::directory_iterator version(triple->path(), inner); version != end && !inner;
           version.increment(inner)) {
        llvm::SmallString<256> header(version->path());
        llvm::sys::path::append(header, "include", "omp.h");
        int number = 0;
        if (!llvm::sys::fs::exists(header) ||
            llvm::StringRef(llvm::sys::path::filename(version->path())).split('.').first.getAsInteger(10, number))
          continue;
        if (number > bestVersion) {
          bestVersion = number;
          best = std::string(llvm::sys::path::parent_path(header));
        }
      }
    }
    return best;
  }();
  return folder;
}

// Without a compile database: the C++ standard the project's build asks for
// (`-std=c++20` in setup.py or a Makefile, `CMAKE_CUDA_STANDARD 20` in
// CMakeLists.txt): the highest named in the build files of the file's folder
// and each folder above it up to the project's top (per-folder Makefiles and
// the `*.mk` fragments they include, as kernel collections build each
// kernel); once per folder.
// The folders `include_directories(...)` and `target_include_directories(...)`
// calls of a CMakeLists.txt in `folder` name, when they are written as paths
// (relative to the folder, or under ${CMAKE_CURRENT_SOURCE_DIR}) and exist;
// variables of the configure step (${CUDAToolkit_INCLUDE_DIRS}) are skipped.
static void addIncludeDirectories(llvm::StringRef text, const std::string &folder, std::vector<std::string> &into) {
  static const llvm::Regex call("(^|[^A-Za-z0-9_])(target_)?include_directories[ \t]*\\(([^)]*)\\)",
                                llvm::Regex::IgnoreCase);
  llvm::SmallVector<llvm::StringRef, 4> groups;
  for (llvm::StringRef rest = text; call.match(rest, &groups);) {
    std::vector<llvm::StringRef> arguments;
    for (llvm::StringRef rest = groups[3].ltrim(); !rest.empty(); rest = rest.ltrim()) {
      const size_t end = rest.find_first_of(" \t\r\n");
      arguments.push_back(rest.substr(0, end).trim('"'));
      rest = end == llvm::StringRef::npos ? llvm::StringRef() : rest.substr(end);
    }
    const bool onTarget = !groups[2].empty();
    for (size_t i = onTarget ? 1 : 0; i < arguments.size(); ++i) {
      llvm::StringRef argument = arguments[i];
      if (argument == "SYSTEM" || argument == "BEFORE" || argument == "AFTER" || argument == "PRIVATE" ||
          argument == "PUBLIC" || argument == "INTERFACE")
        continue;
      std::string path;
      if (argument.consume_front("${CMAKE_CURRENT_SOURCE_DIR}") || argument.consume_front("${CMAKE_CURRENT_LIST_DIR}"))
        path = folder + argument.str();
      else if (argument.contains("${") || argument.contains("$<") || llvm::sys::path::is_absolute(argument))
        continue;
      else
        path = folder + "/" + argument.str();
      llvm::SmallString<256> normal(path);
      llvm::sys::path::remove_dots(normal, true);
      if (llvm::sys::fs::is_directory(normal) &&
          std::find(into.begin(), into.end(), std::string(normal)) == into.end())
        into.push_back(std::string(normal));
    }
    rest = rest.substr(groups[0].data() - rest.data() + groups[0].size());
  }
}

CudaCommandLines::BuildStandard CudaCommandLines::buildStandardOf(const std::string &folder) const {
  {
    std::lock_guard<std::mutex> lock(standardsMutex_);
    if (auto found = standards_.find(folder); found != standards_.end()) return found->second;
  }
  // CMake's CXX_STANDARD and cxx_std_NN set the standard of C++ sources
  // only: nvcc keeps its default for CUDA ones unless CUDA_STANDARD says.
  static const llvm::Regex pattern("(std[=:]c\\+\\+|std[=:]gnu\\+\\+|CUDA_STANDARD[ \t]+|cuda_std_)"
                                   "(11|14|17|20|23)([^0-9]|$)");
  // GPU targets: `sm_90a`, `compute_80` (nvcc's -gencode and -arch), and an
  // arch-specific target written alone (`num = "90a"`, `CUDA_ARCHITECTURES
  // 80;90a`); a plain number alone says nothing.
  static const llvm::Regex target("(sm_|compute_|[\"' ;=])([0-9]{2,3})([af]?)([^0-9a-z]|$)");
  // Macros the build defines (`-DKITTENS_HOPPER`, `-DENABLE_BF16=1`).
  static const llvm::Regex define("(^|[\"' \t=(])-D([A-Za-z_][A-Za-z0-9_]*)");
  // nvcc flags that define a macro (`--expt-extended-lambda`): macroDefinedBy.
  static const llvm::Regex nvccFlag("(^|[\"' \t=(])(--?[a-z][a-z-]*)");
  BuildStandard best;
  auto scan = [&](llvm::StringRef contents, llvm::StringRef name) {
    // setup.py, CMake, Make and meson comment with `#`: a commented-out
    // `-DFLAG` or `-std=c++20` is not part of the build.
    const std::string uncommented = withoutHashComments(contents);
    llvm::StringRef text = uncommented;
    llvm::SmallVector<llvm::StringRef, 5> groups;
    for (llvm::StringRef rest = text; pattern.match(rest, &groups);) {
      if (best.version.empty() || std::stoi(groups[2].str()) > std::stoi(best.version)) {
        best.version = groups[2].str();
        best.file = name.str();
      }
      rest = rest.substr(groups[0].data() - rest.data() + groups[0].size());
    }
    for (llvm::StringRef rest = text; define.match(rest, &groups);) {
      // `-DCMAKE_BUILD_TYPE=Release` in a setup.py's cmake arguments sets a
      // CMake variable (CMake reserves the prefix), not a macro.
      rest = rest.substr(groups[0].data() - rest.data() + groups[0].size());
      if (groups[2].starts_with("CMAKE_")) continue;
      if (best.defines.insert(groups[2].str()).second && best.definesFile.empty()) best.definesFile = name.str();
      // The value: a word of letters, digits, `.` and `-` after `=`; any
      // other text there (`{head_size}`, `$(TILE)`, `" + str(n)`) is
      // computed when the build runs.
      std::string value;
      if (rest.consume_front("=")) {
        const llvm::StringRef word = rest.take_while([](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'; });
        const char next = rest.size() > word.size() ? rest[word.size()] : ' ';
        const bool ends = next == ' ' || next == '\t' || next == '\n' || next == '"' || next == '\'' || next == ',' || next == ')' || next == ']' || next == ';';
        value = !word.empty() && ends ? word.str() : std::string(kComputedDefine);
      }
      auto [written, first] = best.defineValues.try_emplace(groups[2].str(), value);
      if (!first && written->second != value) written->second = std::string(kComputedDefine);
    }
    for (llvm::StringRef rest = text; nvccFlag.match(rest, &groups);) {
      if (llvm::StringRef macro = macroDefinedBy(groups[2]); !macro.empty()) {
        const size_t at = groups[2].data() - text.data();
        if (auto sources = extensionSourcesAround(text, at, folder))
          best.nvccFlagMacrosForSources.emplace_back(macro.str(), std::move(*sources));
        else
          best.nvccFlagMacros.insert(macro.str());
        if (best.nvccFlagMacrosFile.empty()) best.nvccFlagMacrosFile = name.str();
      }
      rest = rest.substr(groups[0].data() - rest.data() + groups[0].size());
    }
    if (name == "CMakeLists.txt") addIncludeDirectories(text, folder, best.includeFolders);
    for (llvm::StringRef rest = text; target.match(rest, &groups);) {
      const bool named = groups[1].starts_with("sm") || groups[1].starts_with("compute") || !groups[3].empty();
      if (named && best.targets.insert((groups[2] + groups[3]).str()).second && best.targetsFile.empty())
        best.targetsFile = name.str();
      rest = rest.substr(groups[0].data() - rest.data() + groups[0].size() - groups[4].size());
    }
    // Lines (continuations joined) that define macros beside targets of one
    // GPU number: the per-GPU branch of a build.
    std::string joined;
    llvm::SmallVector<llvm::StringRef, 64> lines;
    text.split(lines, '\n');
    for (llvm::StringRef line : lines) {
      const llvm::StringRef trimmed = line.rtrim();
      if (trimmed.ends_with("\\")) {
        joined += trimmed.drop_back().str() + " ";
        continue;
      }
      joined += line.str();
      std::set<std::string> numbers, names;
      for (llvm::StringRef rest = joined; target.match(rest, &groups);) {
        if (groups[1].starts_with("sm") || groups[1].starts_with("compute")) numbers.insert(groups[2].str());
        rest = rest.substr(groups[0].data() - rest.data() + groups[0].size() - groups[4].size());
      }
      if (!numbers.empty())
        for (llvm::StringRef rest = joined; define.match(rest, &groups);) {
          // Set beside GPU targets (of one GPU or several): an arch's choice,
          // never given to a parse for another.
          if (numbers.size() == 1) names.insert(groups[2].str());
          best.definesBesideTargets.insert(groups[2].str());
          rest = rest.substr(groups[0].data() - rest.data() + groups[0].size());
        }
      if (!names.empty()) {
        best.definesByTarget[*numbers.begin()].insert(names.begin(), names.end());
        best.definesByTargetFile.try_emplace(*numbers.begin(), name.str());
      }
      joined.clear();
    }
  };
  std::vector<std::string> files;
  for (const char *name : {"setup.py", "CMakeLists.txt", "Makefile", "meson.build"}) {
    llvm::SmallString<256> path(folder);
    llvm::sys::path::append(path, name);
    files.push_back(std::string(path));
  }
  // The `*.mk` fragments, and Python scripts that build the folder's sources
  // when they run (`torch.utils.cpp_extension.load(...,
  // extra_cuda_cflags=[...])`): build files too, for their targets, standard
  // and macros. Directory order is the file system's: sorted.
  std::error_code ec;
  std::vector<std::string> fragments, scripts;
  for (llvm::sys::fs::directory_iterator it(folder, ec), end; it != end && !ec; it.increment(ec)) {
    const llvm::StringRef path = it->path();
    if (path.ends_with(".mk")) fragments.push_back(path.str());
    else if (path.ends_with(".py") && llvm::sys::path::filename(path) != "setup.py") scripts.push_back(path.str());
  }
  std::sort(fragments.begin(), fragments.end());
  std::sort(scripts.begin(), scripts.end());
  files.insert(files.end(), fragments.begin(), fragments.end());
  for (const std::string &file : files)
    if (auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/true))
      scan((*buffer)->getBuffer(), llvm::sys::path::filename(file));
  for (const std::string &script : scripts) {
    auto buffer = llvm::MemoryBuffer::getFile(script, /*IsText=*/true);
    if (!buffer || (*buffer)->getBufferSize() >= (1u << 20)) continue;
    const llvm::StringRef contents = (*buffer)->getBuffer();
    if (contents.contains("cpp_extension") && contents.contains("extra_cuda_cflags"))
      scan(contents, llvm::sys::path::filename(script));
  }
  std::lock_guard<std::mutex> lock(standardsMutex_);
  return standards_.try_emplace(folder, best).first->second;
}

// The standard of buildStandardOf over the file's folder and those above it,
// up to `top`: the highest.
CudaCommandLines::BuildStandard CudaCommandLines::buildStandardFor(llvm::StringRef fileFolder,
                                                                   const std::string &top) const {
  BuildStandard best;
  llvm::SmallString<256> folder(fileFolder);
  for (int level = 0; level < 16 && !folder.empty(); ++level) {
    BuildStandard here = buildStandardOf(std::string(folder));
    // Named from the project's top: `kernels/common.mk`.
    auto fromTop = [&](const std::string &file) {
      llvm::StringRef relative(folder);
      if (relative.consume_front(top) && relative.consume_front("/") && !relative.empty())
        return (relative + "/" + file).str();
      return file;
    };
    if (!here.version.empty() && (best.version.empty() || std::stoi(here.version) > std::stoi(best.version))) {
      best.version = here.version;
      best.file = fromTop(here.file);
    }
    if (!here.targets.empty() && best.targetsFile.empty()) best.targetsFile = fromTop(here.targetsFile);
    best.targets.insert(here.targets.begin(), here.targets.end());
    if (!here.defines.empty() && best.definesFile.empty()) best.definesFile = fromTop(here.definesFile);
    best.defines.insert(here.defines.begin(), here.defines.end());
    for (const auto &[macro, value] : here.defineValues) {
      auto [written, first] = best.defineValues.try_emplace(macro, value);
      if (!first && written->second != value) written->second = std::string(kComputedDefine);
    }
    if (!here.nvccFlagMacros.empty() && best.nvccFlagMacrosFile.empty())
      best.nvccFlagMacrosFile = fromTop(here.nvccFlagMacrosFile);
    best.nvccFlagMacros.insert(here.nvccFlagMacros.begin(), here.nvccFlagMacros.end());
    best.nvccFlagMacrosForSources.insert(best.nvccFlagMacrosForSources.end(), here.nvccFlagMacrosForSources.begin(),
                                         here.nvccFlagMacrosForSources.end());
    for (const std::string &include : here.includeFolders)
      if (std::find(best.includeFolders.begin(), best.includeFolders.end(), include) == best.includeFolders.end())
        best.includeFolders.push_back(include);
    best.definesBesideTargets.insert(here.definesBesideTargets.begin(), here.definesBesideTargets.end());
    for (const auto &[number, names] : here.definesByTarget) {
      best.definesByTarget[number].insert(names.begin(), names.end());
      best.definesByTargetFile.try_emplace(number, fromTop(here.definesByTargetFile.at(number)));
    }
    if (folder == top) break;
    llvm::StringRef parent = llvm::sys::path::parent_path(folder);
    if (parent == folder) break;
    folder = parent;
  }
  return best;
}

// The project's headers by file name, under `top` (hidden and build folders
// skipped; at most kMaxIndexedHeaders), read once per run and project.
constexpr size_t kMaxIndexedHeaders = 50000;
static const std::multimap<std::string, std::string> &projectHeaders(const std::string &top) {
  static std::mutex mutex;
  static std::map<std::string, std::multimap<std::string, std::string>> byTop;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = byTop.try_emplace(top);
  if (!inserted) return it->second;
  std::error_code ec;
  size_t count = 0;
  for (llvm::sys::fs::recursive_directory_iterator entry(top, ec), end; entry != end && !ec && count < kMaxIndexedHeaders;
       entry.increment(ec)) {
    const llvm::StringRef name = llvm::sys::path::filename(entry->path());
    if (entry->type() == llvm::sys::fs::file_type::directory_file) {
      if (name.starts_with(".") || name == "build" || name == "node_modules") entry.no_push();
      continue;
    }
    const llvm::StringRef extension = llvm::sys::path::extension(name);
    if (extension != ".h" && extension != ".hpp" && extension != ".cuh" && extension != ".hxx" && extension != ".inl")
      continue;
    it->second.emplace(name.str(), entry->path());
    ++count;
  }
  return it->second;
}

// Folders that resolve the includes of `file` (and of the project headers
// they lead to) which the search path does not: a header of the project
// whose path ends in the include's spelling, where one folder holds it (the
// nearest to the file when several do). Builds add such folders with -I
// (`kernels/utils/utils.h` included as "utils.h" from `kernels/mma/basic/`;
// a samples tree's `Common/helper_cuda.h` included as <helper_cuda.h>, which
// every sample's CMakeLists.txt puts on the path). An angled include is
// looked for only when no system folder (`systemFolders`: the toolkit's, the
// C library's) holds it, so no project file takes a system header's place.
struct UnresolvedIncludeFolders {
  std::vector<std::string> quoted; // for "..." includes: -iquote
  std::vector<std::string> angled; // for <...> includes: -I
};
static UnresolvedIncludeFolders foldersOfUnresolvedIncludes(const std::string &file, const std::string &top,
                                                           std::vector<std::string> quotedSearch,
                                                           std::vector<std::string> angledSearch,
                                                           const std::vector<std::string> &systemFolders) {
  static const llvm::Regex include("^[ \t]*#[ \t]*include[ \t]*([<\"])([^>\"]+)[>\"]");
  UnresolvedIncludeFolders added;
  std::vector<std::string> pending{file};
  std::set<std::string> read;
  const std::multimap<std::string, std::string> *headers = nullptr;
  while (!pending.empty() && read.size() < 64) {
    const std::string current = pending.back();
    pending.pop_back();
    if (!read.insert(current).second) continue;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(current);
    if (!buffer) continue;
    llvm::SmallVector<llvm::StringRef, 64> lines;
    (*buffer)->getBuffer().split(lines, '\n');
    for (llvm::StringRef line : lines) {
      llvm::SmallVector<llvm::StringRef, 3> match;
      if (!line.contains("include") || !include.match(line, &match)) continue;
      const bool angled = match[1] == "<";
      const std::string spelled = match[2].str();
      auto pathIn = [&](llvm::StringRef folder) {
        llvm::SmallString<256> path(folder);
        llvm::sys::path::append(path, spelled);
        return path;
      };
      auto existsIn = [&](llvm::StringRef folder) { return llvm::sys::fs::exists(pathIn(folder)); };
      // Found there: its own includes are followed too.
      auto resolvesIn = [&](llvm::StringRef folder) {
        if (!existsIn(folder)) return false;
        pending.push_back(std::string(pathIn(folder)));
        return true;
      };
      if (angled) {
        if (std::any_of(systemFolders.begin(), systemFolders.end(), existsIn) ||
            std::any_of(angledSearch.begin(), angledSearch.end(), resolvesIn))
          continue;
      } else if (resolvesIn(llvm::sys::path::parent_path(current)) ||
                 std::any_of(quotedSearch.begin(), quotedSearch.end(), resolvesIn) ||
                 std::any_of(angledSearch.begin(), angledSearch.end(), resolvesIn)) {
        continue;
      }
      if (!headers) headers = &projectHeaders(top);
      const auto [first, last] = headers->equal_range(llvm::sys::path::filename(spelled).str());
      std::string best;
      size_t bestShared = 0;
      bool tied = false;
      for (auto candidate = first; candidate != last; ++candidate) {
        const llvm::StringRef path = candidate->second;
        if (path.size() <= spelled.size() || !path.ends_with(spelled) ||
            !llvm::sys::path::is_separator(path[path.size() - spelled.size() - 1]))
          continue;
        const std::string folder = path.drop_back(spelled.size() + 1).str();
        size_t shared = 0;
        while (shared < folder.size() && shared < current.size() && folder[shared] == current[shared]) ++shared;
        if (shared > bestShared || best.empty()) best = folder, bestShared = shared, tied = false;
        else if (shared == bestShared && folder != best) tied = true;
      }
      if (best.empty() || tied) continue;
      (angled ? angledSearch : quotedSearch).push_back(best);
      (angled ? added.angled : added.quoted).push_back(best);
      resolvesIn(best);
    }
  }
  return added;
}

// Without a compile database: the folders a project's own headers are
// usually found in, from the file's folder up to the repository root (the
// nearest folder holding .git) or, outside a repository, the working
// directory when the file is under it (else the file's folder alone). Each such
// folder and its `csrc/` and `src/` are searched for quoted includes
// (-iquote: never in front of a system header); its `include/` (or
// `includes/`), its children's (a vendored library's, `csrc/includes/`) and
// those under `third_party/`, `3rdparty/` and `third-party/` for all
// includes (-I).
static std::vector<std::string> guessedIncludeFlags(const std::string &absolutePath,
                                                    const std::vector<std::string> &buildFolders,
                                                    const std::vector<std::string> &systemFolders) {
  std::vector<std::string> quoted, angled;
  auto isDir = [](const llvm::Twine &path) { return llvm::sys::fs::is_directory(path); };
  auto includesOf = [&](llvm::StringRef folder, std::vector<std::string> &into) {
    for (const char *name : {"include", "includes"}) {
      llvm::SmallString<256> include(folder);
      llvm::sys::path::append(include, name);
      if (isDir(include)) into.push_back(std::string(include));
    }
  };
  auto childrenIncludes = [&](llvm::StringRef folder, std::vector<std::string> &into) {
    std::error_code ec;
    std::vector<std::string> found;
    for (llvm::sys::fs::directory_iterator it(folder, ec), end; it != end && !ec; it.increment(ec))
      includesOf(it->path(), found);
    std::sort(found.begin(), found.end()); // directory order is the file system's
    into.insert(into.end(), found.begin(), found.end());
  };
  llvm::SmallString<256> folder = llvm::sys::path::parent_path(absolutePath);
  const std::string top = projectTopFolder(folder);
  for (int level = 0; !folder.empty(); ++level) {
    if (level > 0) quoted.push_back(std::string(folder)); // the file's own folder is searched already
    for (const char *sub : {"csrc", "src"}) {
      llvm::SmallString<256> path(folder);
      llvm::sys::path::append(path, sub);
      if (isDir(path)) quoted.push_back(std::string(path));
    }
    includesOf(folder, angled);
    childrenIncludes(folder, angled);
    for (const char *vendored : {"third_party", "3rdparty", "third-party"}) {
      llvm::SmallString<256> path(folder);
      llvm::sys::path::append(path, vendored);
      if (isDir(path)) childrenIncludes(path, angled);
    }
    if (folder == top) break;
    llvm::StringRef parent = llvm::sys::path::parent_path(folder);
    if (parent == folder) break;
    folder = parent;
  }
  angled.insert(angled.begin(), buildFolders.begin(), buildFolders.end()); // first, as the build passes them
  UnresolvedIncludeFolders found = foldersOfUnresolvedIncludes(absolutePath, top, quoted, angled, systemFolders);
  quoted.insert(quoted.end(), found.quoted.begin(), found.quoted.end());
  angled.insert(angled.end(), found.angled.begin(), found.angled.end());
  std::vector<std::string> flags;
  for (const std::string &dir : quoted) {
    flags.push_back("-iquote");
    flags.push_back(dir);
  }
  for (const std::string &dir : angled) flags.push_back("-I" + dir);
  return flags;
}

const std::string &clangDriverPath() {
  static const std::string path = findClangDriver();
  return path;
}

bool isNvccCommand(const std::vector<std::string> &commandLine) {
  return !commandLine.empty() && isNvcc(commandLine.front());
}

std::string buildGpuArch(const std::vector<std::string> &commandLine) {
  static const llvm::Regex realArch("(^|[=,[])(sm_[0-9]+[af]?)([],]|$)");
  static const llvm::Regex virtualArch("(^|[=,[])compute_([0-9]+[af]?)([],]|$)");
  std::string fromVirtual;
  for (size_t i = 1; i < commandLine.size(); ++i) {
    llvm::StringRef arg = commandLine[i];
    llvm::StringRef value;
    for (llvm::StringRef flag : {"--generate-code", "-gencode", "-arch", "--gpu-architecture", "--cuda-gpu-arch",
                                 "--offload-arch", "-code", "--gpu-code"}) {
      if (arg == flag && i + 1 < commandLine.size()) value = commandLine[i + 1];
      else if (arg.starts_with((flag + "=").str())) value = arg.drop_front(flag.size() + 1);
      if (!value.empty()) break;
    }
    llvm::SmallVector<llvm::StringRef, 4> groups;
    // arch=compute_90,code=sm_90: the code the build runs is the real arch.
    for (llvm::StringRef part : llvm::split(value, ',')) {
      part = part.trim("[]\"");
      if (part.consume_front("code=") || !part.contains('=')) {
        if (realArch.match(part, &groups)) return groups[2].str();
      }
      if (fromVirtual.empty() && virtualArch.match(part, &groups)) fromVirtual = "sm_" + groups[2].str();
    }
  }
  return fromVirtual;
}

std::string gpuArchFlagValue(const std::string &archName) {
  llvm::StringRef name(archName);
  if (!name.consume_front("sm") || name.empty()) return {};
  return "sm_" + name.str();
}

CudaCommandLines::CudaCommandLines(std::unique_ptr<clang::tooling::CompilationDatabase> database,
                                   std::string databaseDir, CudaToolkit toolkit)
    : database_(std::move(database)), databaseDir_(std::move(databaseDir)), toolkit_(std::move(toolkit)),
      clangDriver_(clangDriverPath()), builtinHeaderDir_(kBuiltinHeaderDir) {}

CudaCommandLines::~CudaCommandLines() = default;

std::unique_ptr<CudaCommandLines> CudaCommandLines::create(const std::string &compileCommandsDir,
                                                           CudaToolkit toolkit, std::string &error) {
  std::unique_ptr<clang::tooling::CompilationDatabase> database;
  if (!compileCommandsDir.empty()) {
    llvm::SmallString<256> path(compileCommandsDir);
    llvm::sys::path::append(path, "compile_commands.json");
    std::string loadError;
    auto json = clang::tooling::JSONCompilationDatabase::loadFromFile(
        path, loadError, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!json) {
      error = "-p " + compileCommandsDir + ": " + loadError;
      return nullptr;
    }
    // Headers and files the build does not list borrow the flags of the
    // closest listed file.
    database = clang::tooling::inferMissingCompileCommands(std::move(json));
  }
  return std::unique_ptr<CudaCommandLines>(
      new CudaCommandLines(std::move(database), compileCommandsDir, std::move(toolkit)));
}

std::vector<std::string> CudaCommandLines::systemIncludeFolders() const {
  std::vector<std::string> folders;
  if (toolkit_.found())
    for (const char *sub : {"include", "include/cccl", "targets/x86_64-linux/include"}) {
      llvm::SmallString<256> path(toolkit_.path);
      llvm::sys::path::append(path, sub);
      folders.push_back(std::string(path));
    }
  for (const char *system : {"/usr/local/include", "/usr/include", "/usr/include/x86_64-linux-gnu"})
    folders.push_back(system);
  return folders;
}

ParseCommand CudaCommandLines::commandFor(const std::string &absolutePath, const std::string &gpuArch) const {
  ParseCommand command;
  command.arguments.push_back(clangDriver_);
  command.usesBuiltinHeaders = !toolkit_.found();
  bool userCudaPath = false;
  if (database_) {
    std::vector<clang::tooling::CompileCommand> found;
    {
      std::lock_guard<std::mutex> lock(databaseMutex_);
      found = database_->getCompileCommands(absolutePath);
    }
    if (!found.empty()) {
      const clang::tooling::CompileCommand &entry = found.front();
      command.workingDirectory = entry.Directory;
      const bool nvcc = !entry.CommandLine.empty() && isNvcc(entry.CommandLine.front());
      std::vector<std::string> flags = nvcc ? translateNvccFlags(entry.CommandLine)
                                            : keepClangFlags(entry.CommandLine, entry.Filename);
      for (const std::string &flag : flags) {
        if (llvm::StringRef(flag).starts_with("--cuda-path")) userCudaPath = true;
        command.arguments.push_back(flag);
      }
      command.fromDatabase = true;
      command.origin = std::string("flags from ") + databaseDir_ + "/compile_commands.json" +
                       (nvcc ? " (nvcc's include paths, macros and -std)" : "") +
                       (entry.Heuristic.empty() ? "" : ", " + entry.Heuristic);
    }
  }
  if (command.origin.empty()) {
    command.origin = "default CUDA flags";
    const llvm::StringRef fileFolder = llvm::sys::path::parent_path(absolutePath);
    const BuildStandard build = buildStandardFor(fileFolder, projectTopFolder(fileFolder));
    std::vector<std::string> guessed = guessedIncludeFlags(absolutePath, build.includeFolders, systemIncludeFolders());
    if (!build.includeFolders.empty()) command.origin += ", the include folders CMakeLists.txt names";
    if (guessed.size() > build.includeFolders.size()) command.origin += " and the include folders of the project's layout";
    command.arguments.insert(command.arguments.end(), guessed.begin(), guessed.end());
    if (!build.version.empty()) {
      command.arguments.push_back(nvccDialect("c++" + build.version));
      command.origin += ", -std=c++" + build.version + " as " + build.file + " says";
    }
    command.buildTargets = build.targets;
    command.buildTargetsFile = build.targetsFile;
    std::map<std::string, std::string> defines = definesFor_ ? definesFor_(absolutePath) : defaultDefines_;
    const bool givenInConfig = !defines.empty();
    // The macros the build sets for the target's GPU, unless .btlint.yaml
    // gives any: "sm_90a" and "sm_90" build with the line naming 90.
    std::string number = llvm::StringRef(gpuArch).starts_with("sm_") ? gpuArch.substr(3) : std::string();
    while (!number.empty() && !std::isdigit(static_cast<unsigned char>(number.back()))) number.pop_back();
    std::string forTarget;
    if (auto found = build.definesByTarget.find(number); !givenInConfig && found != build.definesByTarget.end()) {
      for (const std::string &name : found->second)
        if (defines.try_emplace(name, "1").second) forTarget += (forTarget.empty() ? "-D" : ", -D") + name;
      if (!forTarget.empty())
        command.origin += ", " + forTarget + " as " + build.definesByTargetFile.at(number) + " sets for sm_" + number;
    }
    std::string fromFlags;
    std::set<std::string> flagMacros = build.nvccFlagMacros;
    for (const auto &[macro, sources] : build.nvccFlagMacrosForSources)
      if (namedAmong(sources, absolutePath)) flagMacros.insert(macro);
    for (const std::string &name : flagMacros)
      if (defines.try_emplace(name, "1").second) fromFlags += (fromFlags.empty() ? "-D" : ", -D") + name;
    if (!fromFlags.empty())
      command.origin += ", " + fromFlags + " as nvcc defines for the flags " + build.nvccFlagMacrosFile + " passes";
    for (const std::string &name : build.defines) {
      if (defines.count(name)) continue;
      command.buildDefinesNotGiven.push_back(name);
      // One a line sets beside GPU targets is those GPUs' choice
      // (`-DTILES_HOPPER` beside sm_90a, `-DTILES_AMPERE` beside sm_80): not given.
      auto value = build.defineValues.find(name);
      if (!build.definesBesideTargets.count(name) && value != build.defineValues.end() &&
          value->second != kComputedDefine)
        command.buildDefineLiterals[name] = value->second.empty() ? "1" : value->second;
    }
    command.buildDefinesFile = build.definesFile;
    for (const auto &[name, value] : defines) command.arguments.push_back("-D" + name + "=" + value);
    if (givenInConfig) command.origin += ", the macros of .btlint.yaml (cuda: defines)";
  }
  // A --cuda-path in the build's flags names the toolkit the build uses.
  if (userCudaPath) command.usesBuiltinHeaders = false;
  appendParseFlags(command.arguments, gpuArch, userCudaPath);
  command.arguments.push_back("-x");
  command.arguments.push_back("cuda");
  command.arguments.push_back(absolutePath);
  return command;
}

void CudaCommandLines::appendParseFlags(std::vector<std::string> &arguments, const std::string &gpuArch,
                                        bool keepUserCudaPath) const {
  // One device-side parse for the target arch: __CUDA_ARCH__ is set as ptxas
  // would see it, and host code is still parsed (launches, attributes).
  // Narrowing in braces (`coord at = {row, col}` with an unsigned row) is a
  // warning to nvcc (#2361-D) and an error by default to Clang; so is the
  // `register` storage class in C++17, which nvcc accepts silently; so is
  // `x.template f(...)` with no template arguments after it (nvcc: #946-D).
  for (const char *flag : {"-fsyntax-only", "--cuda-device-only", "-w", "-Wno-unknown-cuda-version",
                           "-Wno-c++11-narrowing", "-Wno-register",
                           "-Wno-missing-template-arg-list-after-template-kw", "-ferror-limit=0"})
    arguments.push_back(flag);
  arguments.push_back("--cuda-gpu-arch=" + gpuArch);
  // Clang's headers from memory (CudaBuiltinHeaders.h), whatever Clang is
  // installed: last on the line, so a build's own -resource-dir gives way.
  arguments.push_back("-resource-dir=" + std::string(kClangResourceDir));
  // For an arch-specific target nvcc also predefines these (Clang sets only
  // __CUDA_ARCH_FEAT_SM90_ALL and the like): "sm_90a" -> 900.
  if (llvm::StringRef(gpuArch).starts_with("sm_") && llvm::StringRef(gpuArch).ends_with("a")) {
    const std::string number = gpuArch.substr(3, gpuArch.size() - 4) + "0";
    arguments.push_back("-D__CUDA_ARCH_SPECIFIC__=" + number);
    arguments.push_back("-D__CUDA_ARCH_FAMILY_SPECIFIC__=" + number);
  }
  // GCC's OpenMP header, which nvcc finds through the host compiler and
  // Clang does not ship: searched after every other folder.
  // nvcc's host compiler is that GCC: its __GNUC__ is the one code tests
  // (`#if __GNUC__ < 8`), where Clang claims 4.2.1.
  if (const std::string &openmp = gccOpenMpIncludeDir(); !openmp.empty()) {
    arguments.push_back("-idirafter");
    arguments.push_back(openmp);
    const llvm::StringRef version = llvm::sys::path::filename(llvm::sys::path::parent_path(openmp));
    if (int major = 0; !version.split('.').first.getAsInteger(10, major) && major > 0)
      arguments.push_back("-fgnuc-version=" + std::to_string(major));
  }
  if (keepUserCudaPath || toolkit_.found()) {
    // What nvcc's headers declare and Clang's wrapper does not (served from
    // memory, see CudaBuiltinHeaders.h).
    arguments.push_back("-include");
    arguments.push_back(builtinHeaderDir_ + "/" + std::string(kNvccCompatHeaderName));
  }
  if (keepUserCudaPath) return;
  if (toolkit_.found()) {
    arguments.push_back("--cuda-path=" + toolkit_.path);
    // What nvcc predefines and Clang does not: code tests the compiler's
    // CUDA version (`#if __CUDACC_VER_MAJOR__ >= 12`).
    llvm::StringRef major, minor;
    std::tie(major, minor) = llvm::StringRef(toolkit_.version).split('.');
    unsigned majorNumber = 0, minorNumber = 0;
    if (!major.getAsInteger(10, majorNumber) && !minor.getAsInteger(10, minorNumber)) {
      arguments.push_back("-D__CUDACC_VER_MAJOR__=" + std::to_string(majorNumber));
      arguments.push_back("-D__CUDACC_VER_MINOR__=" + std::to_string(minorNumber));
      arguments.push_back("-D__CUDACC_VER_BUILD__=0");
    }
    arguments.push_back("-D__NVCC__");
    // CUDA 13 moved libcu++, CUB and Thrust to include/cccl, which nvcc adds
    // to the search path and Clang 22 does not know about.
    llvm::SmallString<256> cccl(toolkit_.path);
    llvm::sys::path::append(cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(cccl)) {
      arguments.push_back("-isystem");
      arguments.push_back(std::string(cccl));
    }
    // The driver tells the parser the toolkit's version (which decides how
    // <<<...>>> is lowered) only when it may link libdevice; a syntax-only
    // parse never loads it, but a toolkit without it needs -nocudalib.
    llvm::SmallString<256> libdevice(toolkit_.path);
    llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
    if (!llvm::sys::fs::exists(libdevice)) arguments.push_back("-nocudalib");
    return;
  }
  arguments.push_back("-nocudalib");
  // No toolkit: keep clang from looking for one, and serve btlint's own
  // declarations from the in-memory folder.
  arguments.push_back("-nocudainc");
  arguments.push_back("--cuda-path=" + builtinHeaderDir_);
  arguments.push_back("-isystem");
  arguments.push_back(builtinHeaderDir_);
  arguments.push_back("-include");
  arguments.push_back(std::string(kBuiltinHeaderName));
}

} // namespace btlint::cuda
