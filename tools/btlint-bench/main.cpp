// btlint-bench: confirm btlint's findings with the real compiler and a GPU.
//
//   btlint-bench --emit DIR [--findings FILE | PATH...] [--arch sm80,sm90] [--all]
//   python3 DIR/run.py [--compile-only]
//   btlint-bench --collect DIR [--results FILE]
//   btlint-bench --run DIR PATH...        (all three, where Triton and the GPU are local)
#include "Bench.h"

#include "config/ProjectConfig.h"
#include "engine/AnalysisSetup.h"
#include "engine/Discovery.h"
#include "engine/Engine.h"
#include "rules/Rule.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace btlint;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory benchCategory("btlint-bench options");
cl::list<std::string> paths(cl::Positional, cl::desc("PATH... (analysed with btlint's engine)"),
                            cl::cat(benchCategory));
cl::opt<std::string> emitOption("emit", cl::desc("Write the harness for the flagged kernels into DIR"),
                                cl::value_desc("DIR"), cl::cat(benchCategory));
cl::opt<std::string> collectOption("collect", cl::desc("Join DIR/results.json with the findings into the report"),
                                   cl::value_desc("DIR"), cl::cat(benchCategory));
cl::opt<std::string> resultsOption("results",
                                   cl::desc("With --collect: measurements to join instead of DIR/results.json "
                                            "(recorded against an earlier manifest of the same tree)"),
                                   cl::value_desc("FILE"), cl::cat(benchCategory));
cl::opt<std::string> runOption("run", cl::desc("Emit into DIR, run DIR/run.py here, then collect"),
                               cl::value_desc("DIR"), cl::cat(benchCategory));
cl::opt<std::string> findingsOption("findings",
                                    cl::desc("Findings from `btlint --format json` (instead of analysing PATHs)"),
                                    cl::value_desc("FILE"), cl::cat(benchCategory));
cl::list<std::string> archOption("arch", cl::desc("Archs to compile for (default: config, else sm90)"),
                                 cl::CommaSeparated, cl::cat(benchCategory));
cl::opt<std::string> dtypeOption("dtype", cl::desc("Element type assumed for kernels (default: config, else fp16)"),
                                 cl::cat(benchCategory));
cl::opt<std::string> configOption("config", cl::desc("Config file (default: nearest .btlint.yaml)"),
                                  cl::cat(benchCategory));
cl::opt<bool> noConfigOption("no-config", cl::desc("Read no .btlint.yaml"), cl::cat(benchCategory));
cl::list<std::string> selectOption("select", cl::desc("Rules to run when analysing PATHs"), cl::CommaSeparated,
                                   cl::cat(benchCategory));
cl::opt<std::string> cudaPathOption("cuda-path", cl::desc("CUDA toolkit for .cu files when analysing"),
                                    cl::value_desc("DIR"), cl::cat(benchCategory));
cl::opt<int> widerOption("wider", cl::desc("Configs of the wider search for tuning findings (default 24)"),
                         cl::init(24), cl::cat(benchCategory));
cl::opt<bool> allOption("all",
                        cl::desc("With --emit: every Triton kernel of PATHs with a config list or a launch, and every "
                                 "instantiated CUDA kernel, flagged or not"),
                        cl::cat(benchCategory));
cl::opt<bool> tuneOption("tune",
                         cl::desc("With --emit: btlint tune's ranking of each benched list (run.py --tune times it)"),
                         cl::cat(benchCategory));
cl::opt<std::string> pythonOption("python", cl::desc("Python for --run (default python3)"), cl::init("python3"),
                                  cl::cat(benchCategory));
cl::list<std::string> runArgs("run-arg", cl::desc("Extra argument for run.py with --run (repeatable)"),
                              cl::cat(benchCategory));

int usageError(const std::string &message) {
  llvm::errs() << "btlint-bench: error: " << message << "\n";
  return 2;
}

int emit(const std::string &dir) {
  if (paths.empty() && findingsOption.empty())
    return usageError("--emit needs PATHs to analyse or --findings FILE from `btlint --format json`");
  if (std::string problem = checkArchs(archOption); !problem.empty()) return usageError(problem);
  if (std::string problem = checkDtype(dtypeOption); !problem.empty()) return usageError(problem);
  if (std::string cudaError; !registerCudaFrontEnd("", cudaPathOption, cudaError)) return usageError(cudaError);

  bench::EmitOptions options;
  options.dir = dir;
  options.widerSearch = widerOption;
  RunConfig runConfig = loadRunConfig(configOption, paths.empty() ? std::string() : paths.front(), noConfigOption);
  if (!runConfig.missing.empty()) return usageError(runConfig.missing);
  for (const auto &e : runConfig.errors) llvm::errs() << e.str() << '\n';
  if (!runConfig.errors.empty()) return 2;
  options.config = std::move(runConfig.config);
  options.configPath = runConfig.path;
  options.dtype = "fp16";
  options.dtypeSource = "default";
  if (options.config.dtype) {
    options.dtype = *options.config.dtype;
    options.dtypeSource = "config";
  }
  if (!dtypeOption.empty()) {
    options.dtype = dtypeOption;
    options.dtypeSource = "--dtype";
  }

  std::vector<Diagnostic> findings;
  if (!findingsOption.empty()) {
    std::string error;
    if (!bench::readFindingsJson(findingsOption, findings, error)) return usageError(error);
    std::set<std::string> archs(archOption.begin(), archOption.end());
    for (const auto &d : findings)
      if (d.arch && archOption.empty()) archs.insert(*d.arch);
    options.archs.assign(archs.begin(), archs.end());
  } else {
    EngineOptions engine;
    engine.paths.assign(paths.begin(), paths.end());
    engine.archs.assign(archOption.begin(), archOption.end());
    if (!dtypeOption.empty()) engine.dtype = dtypeOption;
    engine.select.assign(selectOption.begin(), selectOption.end());
    RunResult result = runAnalysis(engine, options.config);
    for (const auto &e : result.inputErrors) llvm::errs() << "btlint-bench: error: " << e << '\n';
    if (!result.inputErrors.empty()) return 2;
    findings = std::move(result.diagnostics);
    options.archs = result.archs;
  }
  if (options.archs.empty()) {
    if (!archOption.empty())
      options.archs.assign(archOption.begin(), archOption.end());
    else if (options.config.archs)
      options.archs = *options.config.archs;
    else
      options.archs = {"sm90"};
  }
  // AMD targets have no ptxas: the harness compiles for NVIDIA archs only.
  std::vector<std::string> nvidia;
  for (const auto &a : options.archs)
    if (const ArchInfo *info = findArch(a); info && info->vendor == Vendor::Nvidia) nvidia.push_back(a);
  options.archs = nvidia;

  if (allOption) {
    if (paths.empty()) return usageError("--all needs PATHs (the files whose kernels to emit)");
    DiscoveryOptions discovery;
    discovery.excludeGlobs = options.config.exclude;
    discovery.excludeRoot = options.config.root;
    DiscoveryResult discovered = discoverFiles(std::vector<std::string>(paths.begin(), paths.end()), discovery);
    for (const auto &e : discovered.errors) llvm::errs() << "btlint-bench: error: " << e << '\n';
    if (!discovered.errors.empty()) return 2;
    options.all = true;
    for (const auto &file : discovered.files) options.allFiles.push_back(file.path);
  }
  options.tune = tuneOption;
  std::string error;
  size_t foreignKernels = 0;
  if (!bench::emitHarness(findings, options, error, foreignKernels)) return usageError(error);
  llvm::outs() << "btlint-bench: wrote " << dir << "/run.py and manifest.json (" << findings.size()
               << " findings, archs " << llvm::join(options.archs, ", ") << ")\n";
  if (foreignKernels > 0)
    llvm::outs() << "btlint-bench: " << foreignKernels
                 << " kernels in files for other vendors' Triton left out (manifest.json: foreign_backend_kernels)\n";
  return 0;
}

int collect(const std::string &dir) {
  std::string error, summary;
  const bool boundary = llvm::sys::fs::exists(dir + "/boundary_results.json");
  if (boundary) {
    if (!bench::collectBoundaryReport(dir, error, &summary)) return usageError(error);
    llvm::outs() << "btlint-bench: " << summary << "; wrote " << dir << "/boundary_report.md and " << dir
                 << "/boundary_report.json\n";
  }
  if (llvm::sys::fs::exists(dir + "/tune_results.json")) {
    if (!bench::collectTuneReport(dir, error, &summary)) return usageError(error);
    llvm::outs() << "btlint-bench: " << summary << "; wrote " << dir << "/tune_report.md and " << dir
                 << "/tune_report.json\n";
    if (!llvm::sys::fs::exists(dir + "/results.json")) return 0;
  }
  if (boundary && !llvm::sys::fs::exists(dir + "/results.json") && resultsOption.empty()) return 0;
  if (!bench::collectReport(dir, error, &summary, resultsOption)) return usageError(error);
  llvm::outs() << "btlint-bench: " << summary << "; wrote " << dir << "/report.md and " << dir << "/report.json\n";
  return 0;
}

int run(const std::string &dir) {
  if (int status = emit(dir)) return status;
  llvm::outs().flush(); // before run.py writes to the same terminal
  auto python = llvm::sys::findProgramByName(pythonOption);
  if (!python) return usageError("`" + pythonOption + "` not found; set --python");
  std::vector<std::string> argv{*python, dir + "/run.py"};
  argv.insert(argv.end(), runArgs.begin(), runArgs.end());
  std::vector<llvm::StringRef> refs(argv.begin(), argv.end());
  std::string message;
  int status = llvm::sys::ExecuteAndWait(*python, refs, std::nullopt, {}, 0, 0, &message);
  if (status != 0)
    return usageError(dir + "/run.py failed (" + (message.empty() ? "exit " + std::to_string(status) : message) +
                      ")");
  return collect(dir);
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(benchCategory);
  cl::SetVersionPrinter([](llvm::raw_ostream &os) { os << "btlint-bench " << BTLINT_VERSION << "\n"; });
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "btlint-bench: confirm btlint's findings with the Triton and CUDA compilers "
                                   "and time configs on a GPU\n"))
    return 2;
  int modes = !emitOption.empty() + !collectOption.empty() + !runOption.empty();
  if (modes != 1) return usageError("give exactly one of --emit DIR, --collect DIR, --run DIR");
  if (!resultsOption.empty() && collectOption.empty()) return usageError("--results goes with --collect DIR");
  try {
    if (!emitOption.empty()) return emit(emitOption);
    if (!collectOption.empty()) return collect(collectOption);
    return run(runOption);
  } catch (const std::exception &e) {
    llvm::errs() << "btlint-bench: internal error: " << e.what() << '\n';
    return 2;
  }
}
