#pragma once
// The clang command line each CUDA file is parsed with: from
// compile_commands.json when one was given (-p DIR), translated from nvcc's
// flags where the build used nvcc; otherwise CUDA defaults. Always a
// syntax-only parse of the device side for one GPU arch.
#include "cuda/CudaToolkit.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace btlint::cuda {

struct ParseCommand {
  std::vector<std::string> arguments; // argv[0] is the clang driver; the file is last
  std::string workingDirectory;       // relative paths in arguments resolve against it
  std::string origin;                 // where the flags came from, for notes
  bool fromDatabase = false;          // the flags are the build's (-p), not btlint's defaults
  bool usesBuiltinHeaders = false;    // parsed with btlint's own CUDA declarations
  // Without a compile database: the GPU targets the project's build files
  // name (`sm_90a`, `compute_80`: "90a", "80"), and the first file naming one.
  std::set<std::string> buildTargets;
  std::string buildTargetsFile;
  // Macros the build files define (`-DKITTENS_HOPPER`) that the parse is not
  // given (.btlint.yaml `cuda: defines:` gives them), and the first file
  // defining one: named where the file does not parse.
  std::vector<std::string> buildDefinesNotGiven;
  std::string buildDefinesFile;
  // Of those, the ones every build file writes with one literal value
  // (`-DENABLE_FP8`: "1", `-DTILE=64`: "64"), by name; a value computed
  // when the build runs (`f"-D_C_={head_size}"`) or written two ways is
  // not here.
  std::map<std::string, std::string> buildDefineLiterals;
};

// The value recorded for a macro the build computes when it runs
// (BuildStandard::defineValues).
inline constexpr std::string_view kComputedDefine = "(computed)";

class CudaCommandLines {
public:
  // Loads DIR/compile_commands.json when compileCommandsDir is not empty.
  static std::unique_ptr<CudaCommandLines> create(const std::string &compileCommandsDir, CudaToolkit toolkit,
                                                  std::string &error);
  ~CudaCommandLines();

  // The command that parses absolutePath for gpuArch ("sm_90").
  ParseCommand commandFor(const std::string &absolutePath, const std::string &gpuArch) const;
  const CudaToolkit &toolkit() const { return toolkit_; }
  // Where the parse finds btlint's own headers (CudaBuiltinHeaders.h): the
  // in-memory folder btlint's parser serves, or a folder on disk holding the
  // same files where the parse is not btlint's (clang-tidy).
  void setBuiltinHeaderDir(std::string folder) { builtinHeaderDir_ = std::move(folder); }
  // Macros (.btlint.yaml `cuda: defines:`) for files no compile database lists.
  // With definesFor, each file's macros come from it instead.
  using DefinesLookup = std::function<std::map<std::string, std::string>(const std::string &absolutePath)>;
  void setDefaultDefines(std::map<std::string, std::string> defines, DefinesLookup definesFor = {}) {
    defaultDefines_ = std::move(defines);
    definesFor_ = std::move(definesFor);
  }

private:
  // Folders of the toolkit's and the C library's headers: an angled include
  // they hold is never taken for a project header.
  std::vector<std::string> systemIncludeFolders() const;

  CudaCommandLines(std::unique_ptr<clang::tooling::CompilationDatabase> database, std::string databaseDir,
                   CudaToolkit toolkit);
  // What a folder's build files say (or those of a file's folders, merged).
  struct BuildStandard {
    std::string version; // "20"; empty: none named
    std::string file;    // the build file naming it
    std::set<std::string> targets; // ParseCommand::buildTargets
    std::string targetsFile;
    std::set<std::string> defines; // ParseCommand::buildDefinesNotGiven, before .btlint.yaml's
    // Each define's value as written, "" for none; kComputedDefine where the
    // build computes it or writes it two ways.
    std::map<std::string, std::string> defineValues;
    std::string definesFile;
    // Macros a build line defines beside the one GPU target it builds
    // (`-DKITTENS_HOPPER -gencode arch=compute_90a,code=sm_90a`), by the
    // target's number ("90"): the build for that GPU sets them.
    std::map<std::string, std::set<std::string>> definesByTarget;
    std::set<std::string> definesBesideTargets; // set on a line naming GPU targets, of one GPU or several
    std::map<std::string, std::string> definesByTargetFile;
    // Macros nvcc itself defines for a flag the build passes
    // (`--expt-extended-lambda`): applied, as nvcc would, to every file, or
    // where the flag is written inside one setup.py `Extension(...)` call,
    // to the sources that call names (absolute paths; a `*` matches the rest
    // of a name).
    std::set<std::string> nvccFlagMacros;
    std::vector<std::pair<std::string, std::vector<std::string>>> nvccFlagMacrosForSources;
    std::string nvccFlagMacrosFile;
    // Folders a CMakeLists.txt puts on the include path
    // (`include_directories(../../Common)`, `target_include_directories(t
    // PRIVATE include)`), absolute, nearest build file first.
    std::vector<std::string> includeFolders;
  };
  BuildStandard buildStandardOf(const std::string &folder) const;
  BuildStandard buildStandardFor(llvm::StringRef fileFolder, const std::string &top) const;
  void appendParseFlags(std::vector<std::string> &arguments, const std::string &gpuArch,
                        bool keepUserCudaPath) const;

  std::unique_ptr<clang::tooling::CompilationDatabase> database_;
  std::string databaseDir_;
  CudaToolkit toolkit_;
  std::string clangDriver_;
  std::string builtinHeaderDir_;
  std::map<std::string, std::string> defaultDefines_;
  DefinesLookup definesFor_;
  mutable std::mutex databaseMutex_;
  mutable std::mutex standardsMutex_;
  mutable std::map<std::string, BuildStandard> standards_; // folder -> what its build files say
};

// The clang driver path the parser is given as argv[0]; clang finds its own
// headers (the resource folder) next to it, so it must match the library's
// major version.
const std::string &clangDriverPath();

// The folder a project's files lie under, seen from `folder` (absolute): the
// nearest folder up holding .git, else the working directory when `folder` is
// under it, else `folder` itself; never a file system root.
std::string projectTopFolder(llvm::StringRef folder);

// True for a compile command whose driver is nvcc.
bool isNvccCommand(const std::vector<std::string> &commandLine);

// The first real GPU arch a compile command builds for ("sm_90" from nvcc's
// --generate-code=arch=compute_90,code=sm_90, -gencode, -arch, or clang's
// --cuda-gpu-arch/--offload-arch); empty when it names none.
std::string buildGpuArch(const std::vector<std::string> &commandLine);

// "sm90" -> "sm_90"; empty for archs that are not NVIDIA GPUs.
std::string gpuArchFlagValue(const std::string &archName);

} // namespace btlint::cuda
