// `btlint tune FILE::KERNEL [--arch sm90] [--dtype bf16] --shape M=..,N=.. ...
// [--space list|generated] [--format markdown|json]`: the candidate table
// ranked by the static score per shape, the eliminated configs with the rule
// that eliminates each, the decorator to paste and benchmark code
// (docs/tune.md).
#include "TuneCommand.h"

#include "ReportCommand.h"
#include "engine/AnalysisSetup.h"
#include "engine/Discovery.h"
#include "engine/Engine.h"
#include "tune/Tune.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>

namespace btlint {

llvm::cl::SubCommand tuneCommand("tune", "Rank a Triton kernel's configs statically per shape (docs/tune.md)");

llvm::cl::OptionCategory &tuneOptionCategory() {
  static llvm::cl::OptionCategory category("btlint tune options");
  return category;
}

namespace {

namespace cl = llvm::cl;

cl::list<std::string> tuneTarget(cl::Positional, cl::desc("FILE::KERNEL"), cl::sub(tuneCommand),
                                 cl::cat(tuneOptionCategory()));
cl::opt<std::string> tuneArch("arch", cl::desc("Target arch (default sm90)"), cl::init("sm90"), cl::sub(tuneCommand),
                              cl::cat(tuneOptionCategory()));
cl::opt<std::string> tuneDtype("dtype", cl::desc("Element type of the kernel's dots and tiles (default: the kernel's, else fp16)"),
                               cl::sub(tuneCommand), cl::cat(tuneOptionCategory()));
cl::list<std::string> tuneShapes("shape", cl::desc("A problem shape, NAME=VALUE,... (repeat for several)"),
                                 cl::value_desc("M=4096,N=4096,K=4096"), cl::sub(tuneCommand),
                                 cl::cat(tuneOptionCategory()));
cl::opt<std::string> tuneSpace("space", cl::desc("list (the kernel's autotune list, default) or generated"),
                               cl::init("list"), cl::sub(tuneCommand), cl::cat(tuneOptionCategory()));
cl::opt<std::string> tuneFormat("format", cl::desc("markdown (default) or json"), cl::init("markdown"),
                                cl::sub(tuneCommand), cl::cat(tuneOptionCategory()));
cl::opt<std::string> tuneBoundary("boundary",
                                  cl::desc("A btlint-bench boundary run (run.py --boundary): configs that failed a "
                                           "boundary shape are eliminated"),
                                  cl::value_desc("DIR"), cl::sub(tuneCommand));
cl::opt<std::string> tuneOutput("output", cl::desc("Write the result to FILE"), cl::value_desc("FILE"),
                                cl::sub(tuneCommand), cl::cat(tuneOptionCategory()));
cl::alias tuneOutputAlias("o", cl::aliasopt(tuneOutput));
cl::opt<std::string> tuneConfig("config", cl::desc("Config file (default: nearest .btlint.yaml)"),
                                cl::sub(tuneCommand), cl::cat(tuneOptionCategory()));
cl::opt<bool> tuneNoConfig("no-config", cl::desc("Read no .btlint.yaml"), cl::sub(tuneCommand),
                           cl::cat(tuneOptionCategory()));

int tuneError(const std::string &message) {
  llvm::errs() << "btlint: error: " << message << "\n";
  return 2;
}

} // namespace

int runTuneCommand() {
  if (tuneTarget.size() != 1)
    return tuneError("`btlint tune` takes one FILE::KERNEL; usage: btlint tune FILE::KERNEL --shape M=4096,N=4096,K=4096");
  if (tuneFormat != "markdown" && tuneFormat != "json")
    return tuneError("unknown format `" + tuneFormat + "`; use markdown or json");
  if (tuneSpace != "list" && tuneSpace != "generated")
    return tuneError("unknown --space `" + tuneSpace + "`; use list or generated");
  if (std::string problem = checkArchs({tuneArch}); !problem.empty()) return tuneError(problem);
  if (std::string problem = checkDtype(tuneDtype); !problem.empty()) return tuneError(problem);
  tune::TuneOptions options;
  options.arch = tuneArch;
  options.space = tuneSpace == "generated" ? tune::Space::Generated : tune::Space::List;
  for (const std::string &text : tuneShapes) {
    std::string problem;
    std::optional<tune::Shape> shape = tune::parseShape(text, problem);
    if (!shape) return tuneError(problem);
    options.shapes.push_back(*shape);
  }
  auto [file, kernelName] = splitTarget(tuneTarget.front());
  if (!llvm::sys::fs::exists(file)) return tuneError(file + ": no such file");
  if (llvm::sys::fs::is_directory(file)) return tuneError(file + ": is a folder; `btlint tune` takes FILE::KERNEL");
  if (!languageForPath(file)) return tuneError(file + ": not a file btlint reads (.py)");

  RunConfig runConfig = loadRunConfig(tuneConfig, file, tuneNoConfig);
  if (!runConfig.missing.empty()) return tuneError(runConfig.missing);
  for (const auto &e : runConfig.errors) llvm::errs() << e.str() << '\n';
  if (!runConfig.errors.empty()) return 2;
  const ProjectConfig &config = runConfig.config;

  EngineOptions engineOptions;
  engineOptions.paths.push_back(file);
  engineOptions.archs = {tuneArch};
  if (!tuneDtype.empty()) engineOptions.dtype = tuneDtype;
  engineOptions.select = {"parse-error"}; // the models, not the rules' findings
  report::ModelsByArch models;
  std::mutex modelsMutex;
  engineOptions.modelObserver = [&](const std::string &arch, const FileModel &model) {
    std::lock_guard<std::mutex> lock(modelsMutex);
    models[arch].push_back(model);
  };
  RunResult result = runAnalysis(engineOptions, config);
  for (const auto &e : result.inputErrors) llvm::errs() << "btlint: error: " << e << '\n';
  if (!result.inputErrors.empty()) return 2;
  for (const Diagnostic &d : result.diagnostics)
    llvm::errs() << d.path << ':' << d.span.line << ':' << d.span.column << ": " << d.message << " [" << d.ruleId
                 << "]\n";

  std::vector<std::string> names = report::kernelNamesIn(models, file);
  if (names.empty()) return tuneError(file + ": no kernels found (a @triton.jit function)");
  if (kernelName.empty())
    return tuneError(file + ": name the kernel to tune as FILE::KERNEL (kernels in the file: " + llvm::join(names, ", ") +
                     ")");
  if (std::find(names.begin(), names.end(), kernelName) == names.end()) {
    std::string guess = closestName(kernelName, names);
    return tuneError(file + ": no kernel `" + kernelName + "`" +
                     (guess.empty() ? std::string() : "; did you mean `" + guess + "`?") +
                     " (kernels in the file: " + llvm::join(names, ", ") + ")");
  }
  if (options.shapes.empty())
    return tuneError("`btlint tune` needs at least one --shape (e.g. --shape M=4096,N=4096,K=4096)");
  for (const auto &[name, settings] : config.kernels)
    if (!settings.shapes.empty()) options.configShapes[name] = settings.shapes;

  std::string error;
  if (!tuneBoundary.empty()) {
    options.boundary = tune::readBoundaryEvidence(tuneBoundary, file, kernelName, error);
    if (!options.boundary) return tuneError(error);
  }
  std::optional<tune::TuneResult> tuned = tune::tuneKernel(models, file, kernelName, options, error);
  if (!tuned) return tuneError(error);

  std::unique_ptr<llvm::ToolOutputFile> outputFile;
  llvm::raw_ostream *out = &llvm::outs();
  if (!tuneOutput.empty()) {
    std::error_code ec;
    outputFile = std::make_unique<llvm::ToolOutputFile>(tuneOutput, ec, llvm::sys::fs::OF_None);
    if (ec) return tuneError(tuneOutput + ": cannot write: " + ec.message());
    out = &outputFile->os();
  }
  if (tuneFormat == "json")
    tune::writeJson(*out, *tuned);
  else
    tune::writeMarkdown(*out, *tuned);
  out->flush();
  if (outputFile) outputFile->keep();
  // Like btlint report: 1 when no config of the list survives.
  return tuned->chosen.empty() ? 1 : 0;
}

} // namespace btlint
