// `btlint report FILE[::KERNEL] [PATH...]`: per kernel and config, the
// estimated shared memory and registers on each target arch, whether the
// config fits, what eliminates it and the list that remains (docs/report.md).
#include "ReportCommand.h"

#include "config/ProjectConfig.h"
#include "engine/AnalysisSetup.h"
#include "engine/Discovery.h"
#include "engine/Engine.h"
#include "source/FrontEnd.h"
#include "model/KernelModel.h"
#include "report/ConfigReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>

namespace btlint {

llvm::cl::SubCommand reportCommand("report", "Print the config table of a file's kernels (docs/report.md)");

llvm::cl::OptionCategory &reportOptionCategory() {
  static llvm::cl::OptionCategory category("btlint report options");
  return category;
}

namespace {

namespace cl = llvm::cl;

cl::list<std::string> reportPaths(cl::Positional, cl::desc("FILE[::KERNEL] [PATH...]"), cl::sub(reportCommand),
                                  cl::cat(reportOptionCategory()));
cl::list<std::string> reportArchs("arch", cl::desc("Target archs, e.g. sm80,sm90 (default: config, else sm90)"),
                                  cl::CommaSeparated, cl::sub(reportCommand), cl::cat(reportOptionCategory()));
cl::opt<std::string> reportDtype("dtype", cl::desc("Element type assumed for kernels (default fp16)"),
                                 cl::sub(reportCommand), cl::cat(reportOptionCategory()));
cl::opt<std::string> reportFormat("format", cl::desc("markdown (default) or json"), cl::init("markdown"),
                                  cl::sub(reportCommand), cl::cat(reportOptionCategory()));
cl::opt<std::string> reportOutput("output", cl::desc("Write the report to FILE"), cl::value_desc("FILE"),
                                  cl::sub(reportCommand), cl::cat(reportOptionCategory()));
cl::alias reportOutputAlias("o", cl::aliasopt(reportOutput));
cl::opt<std::string> reportConfig("config", cl::desc("Config file (default: nearest .btlint.yaml)"),
                                  cl::sub(reportCommand), cl::cat(reportOptionCategory()));
cl::opt<bool> reportNoConfig("no-config", cl::desc("Read no .btlint.yaml"), cl::sub(reportCommand),
                             cl::cat(reportOptionCategory()));
cl::opt<std::string> reportCompileCommands("p", cl::desc("Folder holding compile_commands.json (CUDA flags)"),
                                           cl::value_desc("DIR"), cl::sub(reportCommand),
                                           cl::cat(reportOptionCategory()));
cl::opt<std::string> reportCudaPath("cuda-path", cl::desc("CUDA toolkit for .cu files (`none`: btlint's own)"),
                                    cl::value_desc("DIR"), cl::sub(reportCommand), cl::cat(reportOptionCategory()));

int reportError(const std::string &message) {
  llvm::errs() << "btlint: error: " << message << "\n";
  return 2;
}

} // namespace

// FILE::KERNEL -> (FILE, KERNEL). The file is the longest prefix before a
// `::` that exists, so CUDA names with `::` in them stay whole.
std::pair<std::string, std::string> splitTarget(const std::string &target) {
  if (llvm::sys::fs::exists(target)) return {target, ""};
  size_t at = target.find("::");
  while (at != std::string::npos) {
    std::string file = target.substr(0, at);
    if (llvm::sys::fs::exists(file)) return {file, target.substr(at + 2)};
    at = target.find("::", at + 2);
  }
  at = target.find("::");
  if (at != std::string::npos) return {target.substr(0, at), target.substr(at + 2)};
  return {target, ""};
}

std::string closestName(const std::string &wanted, const std::vector<std::string> &names) {
  std::string best;
  unsigned bestDistance = ~0u;
  for (const std::string &name : names) {
    unsigned distance = llvm::StringRef(wanted).lower() == llvm::StringRef(name).lower()
                            ? 0
                            : llvm::StringRef(wanted).edit_distance(name, true);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = name;
    }
  }
  if (best.empty() || bestDistance > std::max<size_t>(2, wanted.size() / 3)) return "";
  return best;
}

report::ReportOptions reportOptionsFor(std::vector<std::string> archs, const ProjectConfig &config,
                                       const std::vector<std::string> &runArchs) {
  report::ReportOptions options;
  if (archs.empty() && config.archs) archs = *config.archs;
  if (archs.empty()) archs = {"sm90"};
  for (const std::string &arch : runArchs)
    if (std::find(archs.begin(), archs.end(), arch) == archs.end()) archs.push_back(arch);
  options.archs = archs;
  for (const auto &[name, settings] : config.kernels)
    if (!settings.shapes.empty()) options.shapes[name] = settings.shapes;
  return options;
}

int runReportCommand() {
  if (reportPaths.empty())
    return reportError("`btlint report` needs a file; usage: btlint report FILE[::KERNEL] [PATH...]");
  if (reportFormat != "markdown" && reportFormat != "json")
    return reportError("unknown report format `" + reportFormat + "`; use markdown or json");
  if (std::string problem = checkArchs(reportArchs); !problem.empty()) return reportError(problem);
  if (std::string problem = checkDtype(reportDtype); !problem.empty()) return reportError(problem);

  auto [file, kernelName] = splitTarget(reportPaths.front());
  if (!llvm::sys::fs::exists(file)) return reportError(file + ": no such file");
  if (llvm::sys::fs::is_directory(file))
    return reportError(file + ": is a folder; `btlint report` takes one file (FILE or FILE::KERNEL)");
  if (!languageForPath(file))
    return reportError(file + ": not a file btlint reads (.py, .cu, .cuh, .yaml, .yml)");

  RunConfig runConfig = loadRunConfig(reportConfig, file, reportNoConfig);
  if (!runConfig.missing.empty()) return reportError(runConfig.missing);
  for (const auto &e : runConfig.errors) llvm::errs() << e.str() << '\n';
  if (!runConfig.errors.empty()) return 2;
  const ProjectConfig &config = runConfig.config;
  if (std::string cudaError;
      !registerCudaFrontEnd(reportCompileCommands, reportCudaPath, cudaError, config.cudaDefines))
    return reportError(cudaError);

  EngineOptions options;
  options.paths.push_back(file);
  for (size_t i = 1; i < reportPaths.size(); ++i) options.paths.push_back(reportPaths[i]);
  options.archs.assign(reportArchs.begin(), reportArchs.end());
  if (!reportDtype.empty()) options.dtype = reportDtype;
  options.select = {"parse-error"}; // the report needs the models, not the rules' findings
  report::ModelsByArch models;
  std::mutex modelsMutex;
  options.modelObserver = [&](const std::string &arch, const FileModel &model) {
    std::lock_guard<std::mutex> lock(modelsMutex);
    models[arch].push_back(model);
  };
  RunResult result = runAnalysis(options, config);
  for (auto &[arch, files] : models)
    std::sort(files.begin(), files.end(),
              [](const FileModel &a, const FileModel &b) { return a.path < b.path; });

  for (const auto &e : result.inputErrors) llvm::errs() << "btlint: error: " << e << '\n';
  if (!result.inputErrors.empty()) return 2;
  for (const Diagnostic &d : result.diagnostics)
    llvm::errs() << d.path << ':' << d.span.line << ':' << d.span.column << ": " << d.message << " [" << d.ruleId
                 << "]\n";

  report::ReportOptions reportOptions =
      reportOptionsFor(std::vector<std::string>(reportArchs.begin(), reportArchs.end()), config, result.archs);

  std::vector<std::string> names = report::kernelNamesIn(models, file);
  if (names.empty())
    return reportError(file + ": no kernels found (a @triton.jit function, a CUDA __global__ function or a YAML "
                              "config table)");
  if (!kernelName.empty() && std::find(names.begin(), names.end(), kernelName) == names.end()) {
    std::string guess = closestName(kernelName, names);
    return reportError(file + ": no kernel `" + kernelName + "`" +
                       (guess.empty() ? std::string() : "; did you mean `" + guess + "`?") +
                       " (kernels in the file: " + llvm::join(names, ", ") + ")");
  }
  std::vector<report::KernelReport> reports = report::buildReports(models, file, kernelName, reportOptions);

  std::unique_ptr<llvm::ToolOutputFile> outputFile;
  llvm::raw_ostream *out = &llvm::outs();
  if (!reportOutput.empty()) {
    std::error_code ec;
    outputFile = std::make_unique<llvm::ToolOutputFile>(reportOutput, ec, llvm::sys::fs::OF_None);
    if (ec) return reportError(reportOutput + ": cannot write: " + ec.message());
    out = &outputFile->os();
  }
  if (reportFormat == "json")
    report::writeJson(*out, reports);
  else
    report::writeMarkdown(*out, reports);
  out->flush();
  if (outputFile) outputFile->keep();
  return report::anyListEmptied(reports) ? 1 : 0;
}

} // namespace btlint
