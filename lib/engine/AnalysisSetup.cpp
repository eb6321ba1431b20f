#include "engine/AnalysisSetup.h"
#include "arch/ArchTable.h"
#include "engine/FrontEndRegistry.h"
#include "engine/Glob.h"
#include "rules/Rule.h"
#ifdef BTLINT_HAS_CUDA_FRONTEND
#include "cuda/CudaFrontEnd.h"
#endif

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace btlint {

std::string checkArchs(const std::vector<std::string> &archs) {
  for (const std::string &arch : archs)
    if (!findArch(arch)) return "unknown arch `" + arch + "`; known: " + llvm::join(archNames(), ", ");
  return "";
}

std::string checkDtype(const std::string &dtype) {
  if (dtype.empty() || isKnownDtype(dtype)) return "";
  return "unknown dtype `" + dtype + "`; known: " + llvm::join(knownDtypes(), ", ");
}

std::string expandRuleSelectors(std::vector<std::string> &selectors) {
  std::vector<std::string> expanded;
  for (const std::string &selector : selectors) {
    llvm::StringRef s(selector);
    bool isGlob = s.find_first_of("*?[") != llvm::StringRef::npos && !s.ends_with(":*");
    if (!isGlob) {
      if (std::string problem = checkRuleSelector(selector); !problem.empty()) return problem;
      expanded.push_back(selector);
      continue;
    }
    size_t before = expanded.size();
    for (const auto &rule : RuleRegistry::instance().rules())
      if (globMatch(selector, rule.info.id)) expanded.push_back(rule.info.id);
    if (expanded.size() == before)
      return "`" + selector + "` matches no rule (`btlint rules` lists them)";
  }
  selectors = std::move(expanded);
  return "";
}

RunConfig loadRunConfig(const std::string &explicitPath, const std::string &firstPath, bool noConfig) {
  RunConfig run;
  if (noConfig) return run;
  run.path = explicitPath;
  if (run.path.empty()) {
    llvm::SmallString<256> start(firstPath.empty() ? std::string(".") : firstPath);
    if (!llvm::sys::fs::is_directory(start)) llvm::sys::path::remove_filename(start);
    if (start.empty()) start = ".";
    run.path = findProjectConfig(std::string(start));
  } else if (!llvm::sys::fs::exists(run.path)) {
    run.missing = run.path + ": config file not found";
    return run;
  }
  if (!run.path.empty()) run.config = loadProjectConfig(run.path, run.errors);
  return run;
}

bool registerCudaFrontEnd(const std::string &compileCommandsDir, const std::string &cudaPath, std::string &error,
                          const std::map<std::string, std::string> &defines, CudaDefinesLookup definesFor) {
#ifdef BTLINT_HAS_CUDA_FRONTEND
  auto cuda = makeCudaFrontEnd({compileCommandsDir, cudaPath, defines, std::move(definesFor)}, error);
  if (!cuda) return false;
  registerFrontEnd(std::move(cuda));
#endif
  return true;
}

std::map<std::string, std::string> nearestConfigCudaDefines(const std::string &absolutePath) {
  const std::string folder = llvm::sys::path::parent_path(absolutePath).str();
  const std::string path = findProjectConfig(folder.empty() ? "." : folder);
  if (path.empty()) return {};
  std::vector<ConfigError> errors;
  ProjectConfig config = loadProjectConfig(path, errors);
  return errors.empty() ? config.cudaDefines : std::map<std::string, std::string>{};
}

} // namespace btlint
