// btlint: static analysis of GPU kernels and their tuning configs.
#include "LspServer.h"
#include "config/ProjectConfig.h"
#include "emit/Emitters.h"
#include "emit/RuleDocs.h"
#include "engine/AnalysisSetup.h"
#include "engine/Baseline.h"
#include "engine/Engine.h"
#include "engine/FixApplier.h"
#include "engine/SourceProvider.h"
#include "rules/Rule.h"
#include "ReportCommand.h"
#include "TuneCommand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace llvm {
// Makes LLVM's common `--color` option (llvm/lib/Support/DebugOptions.h, not
// an installed header), so that btlint can replace it before parsing.
void initWithColorOptions();
} // namespace llvm

using namespace btlint;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory lintCategory("btlint options");
cl::SubCommand rulesCommand("rules", "List the rule catalogue");
cl::SubCommand explainCommand("explain", "Print a rule's documentation");
cl::SubCommand lspCommand("lsp", "Language server over standard input/output, for editors (docs/editors.md)");

cl::list<std::string> paths(cl::Positional, cl::desc("PATH..."), cl::cat(lintCategory));
cl::list<std::string> archOption("arch", cl::desc("Target archs, e.g. sm80,sm90 (default: config, else sm90)"),
                                 cl::CommaSeparated, cl::cat(lintCategory));
cl::opt<std::string> dtypeOption("dtype", cl::desc("Element type assumed for kernels (default fp16)"),
                                 cl::cat(lintCategory));
cl::list<std::string> selectOption("select",
                                   cl::desc("Rules to run: ids, category:* or globs such as tile-* (replaces the "
                                            "config's)"),
                                   cl::CommaSeparated, cl::cat(lintCategory));
cl::list<std::string> ignoreOption("ignore", cl::desc("Rules not to run: ids, category:* or globs"),
                                   cl::CommaSeparated, cl::cat(lintCategory));
cl::opt<std::string> formatOption("format", cl::desc("Output format: text, json, sarif, github, junit"),
                                  cl::init("text"), cl::cat(lintCategory));
cl::alias outputFormatAlias("output-format", cl::desc("Alias for --format (ruff's spelling)"),
                            cl::aliasopt(formatOption), cl::NotHidden, cl::cat(lintCategory));
cl::opt<std::string> outputOption("output", cl::desc("Write findings to FILE instead of standard output"),
                                  cl::value_desc("FILE"), cl::cat(lintCategory));
cl::alias outputAlias("o", cl::desc("Alias for --output"), cl::aliasopt(outputOption), cl::NotHidden,
                      cl::cat(lintCategory));
cl::opt<std::string> stdinFilenameOption(
    "stdin-filename",
    cl::desc("Lint the text on standard input as if it were this file (its config, its imports, its name in "
             "the findings); with `-` or no path"),
    cl::value_desc("PATH"), cl::cat(lintCategory));
cl::opt<bool> exitZeroOption("exit-zero", cl::desc("Exit 0 even when findings are reported (errors still exit 2)"),
                             cl::cat(lintCategory));
cl::opt<bool> quietOption("quiet",
                          cl::desc("Print findings and errors only: no summary lines on standard error"),
                          cl::cat(lintCategory));
cl::alias quietAlias("q", cl::desc("Alias for --quiet"), cl::aliasopt(quietOption), cl::NotHidden,
                     cl::cat(lintCategory));
cl::opt<bool> showFixesOption("show-fixes",
                              cl::desc("Mark findings --fix fixes with [*] and say what each fix does; count them"),
                              cl::cat(lintCategory));
cl::opt<std::string> failOnOption("fail-on", cl::desc("Lowest severity that makes the exit code 1 (default warning)"),
                                  cl::cat(lintCategory));
cl::opt<bool> statisticsOption("statistics", cl::desc("Print counts per rule instead of findings"),
                               cl::cat(lintCategory));
cl::opt<unsigned> jobsOption("j", cl::desc("Threads (default: all cores); -j8, -j 8 and -j=8 alike"), cl::init(0), cl::Prefix,
                            cl::cat(lintCategory));
cl::opt<std::string> configOption("config", cl::desc("Config file (default: nearest .btlint.yaml)"),
                                  cl::cat(lintCategory));
cl::opt<bool> noConfigOption("no-config", cl::desc("Read no .btlint.yaml"), cl::cat(lintCategory));
cl::opt<bool> followSymlinksOption("follow-symlinks", cl::desc("Enter symlinked folders"), cl::cat(lintCategory));
cl::opt<std::string> compileCommandsOption("p", cl::desc("Folder holding compile_commands.json (CUDA flags)"),
                                           cl::value_desc("DIR"), cl::cat(lintCategory));
cl::opt<std::string> cudaPathOption("cuda-path",
                                    cl::desc("CUDA toolkit for .cu files (default: CUDA_PATH, /usr/local/cuda; "
                                             "`none`: btlint's own declarations)"),
                                    cl::value_desc("DIR"), cl::cat(lintCategory));
cl::opt<std::string> baselineOption("baseline",
                                    cl::desc("Report only findings not recorded in this baseline file"),
                                    cl::value_desc("FILE"), cl::cat(lintCategory));
cl::opt<std::string> writeBaselineOption("write-baseline",
                                         cl::desc("Record today's findings in FILE (a baseline) and report none"),
                                         cl::value_desc("FILE"), cl::cat(lintCategory));
cl::opt<bool> fixOption("fix", cl::desc("Apply the safe fixes, then report what remains"), cl::cat(lintCategory));
cl::opt<bool> diffOption("diff", cl::desc("Print the safe fixes as a unified diff instead of applying them"),
                         cl::cat(lintCategory));
cl::opt<std::string> explainId(cl::Positional, cl::desc("RULE-ID"), cl::sub(explainCommand));
cl::opt<std::string> rulesFormat("format", cl::desc("text, markdown or json"), cl::init("text"),
                                 cl::sub(rulesCommand));
cl::alias rulesOutputFormatAlias("output-format", cl::desc("Alias for --format"), cl::aliasopt(rulesFormat),
                                 cl::NotHidden);

// btlint's `--color` takes the place of LLVM's (true/false only), which LLVM
// registers on first use; made after that one is removed (main), as two
// options of one name abort the program.
cl::opt<std::string> &colorOption() {
  static cl::opt<std::string> option(
      "color",
      cl::desc("Colour the text findings on standard output: auto (on a terminal, unless NO_COLOR is set; "
               "FORCE_COLOR forces it), always or never; true and false are always and never"),
      cl::value_desc("auto|always|never"), cl::init("auto"), cl::cat(lintCategory));
  return option;
}

// Whether the text findings on standard output are coloured: an explicit
// --color decides, then NO_COLOR, then FORCE_COLOR (each when set and not
// empty, as ruff reads them), then whether standard output is a terminal.
// WithColor's detection function is asked directly: constructing a WithColor
// on standard output would itself write escape codes there.
std::optional<bool> standardOutputWantsColor(std::string &problem) {
  llvm::StringRef choice = colorOption();
  if (choice == "always" || choice == "true") return true;
  if (choice == "never" || choice == "false") return false;
  if (choice != "auto") {
    problem = "`--color` must be auto, always or never, not `" + choice.str() + "`";
    return std::nullopt;
  }
  auto isSet = [](const char *name) {
    const char *value = std::getenv(name);
    return value && *value;
  };
  if (isSet("NO_COLOR")) return false;
  if (isSet("FORCE_COLOR")) return true;
  return llvm::WithColor::defaultAutoDetectFunction()(llvm::outs());
}

// The text of standard input, for the one file `btlint -` lints.
class StandardInputSource : public SourceProvider {
public:
  StandardInputSource(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {}
  std::optional<std::string> text(const std::string &path) const override {
    if (path != path_) return std::nullopt;
    return text_;
  }
  std::unique_ptr<ParsedFile> parse(const SourceFile &) const override { return nullptr; }

private:
  std::string path_, text_;
};

// Informational lines on standard error (counts, what was fixed or recorded); --quiet drops them.
llvm::raw_ostream &summary() { return quietOption ? llvm::nulls() : llvm::errs(); }

int usageError(const std::string &message) {
  llvm::errs() << "btlint: error: " << message << "\n";
  return 2;
}

int listRules() {
  if (rulesFormat == "markdown") {
    llvm::outs() << ruleIndexMarkdown();
    return 0;
  }
  if (rulesFormat == "json") {
    llvm::outs() << ruleCatalogueJson();
    return 0;
  }
  if (rulesFormat != "text") return usageError("unknown format `" + rulesFormat + "`; use text, markdown or json");
  for (const auto &rule : RuleRegistry::instance().rules())
    llvm::outs() << llvm::left_justify(rule.info.id, 34) << llvm::left_justify(categoryName(rule.info.category), 14)
                 << llvm::left_justify(severityName(rule.info.defaultSeverity), 9) << rule.info.summary << '\n';
  return 0;
}

int explainRule() {
  if (explainId.empty()) return usageError("`btlint explain` needs a rule id");
  const RegisteredRule *rule = RuleRegistry::instance().find(explainId);
  if (!rule) {
    std::string guess = RuleRegistry::instance().closestId(explainId);
    return usageError("unknown rule `" + explainId + "`" + (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
  }
  llvm::outs() << ruleHelpMarkdown(rule->info);
  return 0;
}

// --diff: the safe fixes as a unified diff on standard output; nothing is
// written. Exit 1 when there is something to fix.
int printFixDiff(const RunResult &result) {
  for (const auto &e : result.inputErrors) llvm::errs() << "btlint: error: " << e << '\n';
  bool any = false;
  for (const FileFixPlan &plan : planFixes(result.diagnostics)) {
    std::string before, after, error;
    if (!fixedText(plan, before, after, error)) {
      llvm::errs() << "btlint: error: " << error << '\n';
      return 2;
    }
    std::string diff = unifiedDiff(plan.path, before, after, plan.edits);
    if (diff.empty()) continue;
    any = true;
    llvm::outs() << diff;
  }
  llvm::outs().flush();
  if (!result.inputErrors.empty()) return 2;
  return any && !exitZeroOption ? 1 : 0;
}

int lint() {
  // Standard input: `btlint -`, `--stdin-filename NAME` naming it (ruff's spelling; `-` may then be left out).
  bool fromStandardInput = !stdinFilenameOption.empty() || llvm::is_contained(paths, "-");
  std::string standardInputName = stdinFilenameOption.empty() ? std::string("-") : std::string(stdinFilenameOption);
  if (fromStandardInput) {
    for (const std::string &path : paths)
      if (path != "-")
        return usageError("standard input is the one file linted (`-` or `--stdin-filename`); `" + path +
                          "` cannot be linted beside it");
    if (fixOption || diffOption || !baselineOption.empty() || !writeBaselineOption.empty())
      return usageError("`--fix`, `--diff`, `--baseline` and `--write-baseline` read files on disk; they do not "
                        "combine with standard input");
  } else if (paths.empty()) {
    return usageError("no paths given; usage: btlint [options] PATH... (or `-` for standard input)");
  }
  auto format = parseOutputFormat(formatOption);
  if (!format) return usageError("unknown format `" + formatOption + "`; use text, json, sarif, github or junit");
  if (statisticsOption && *format != OutputFormat::Text && *format != OutputFormat::Json)
    return usageError("`--statistics` prints text or json, not " + formatOption);
  std::string colorProblem;
  std::optional<bool> color = standardOutputWantsColor(colorProblem);
  if (!color) return usageError(colorProblem);
  if (std::string problem = checkArchs(archOption); !problem.empty()) return usageError(problem);
  if (std::string problem = checkDtype(dtypeOption); !problem.empty()) return usageError(problem);
  std::vector<std::string> select(selectOption.begin(), selectOption.end());
  std::vector<std::string> ignore(ignoreOption.begin(), ignoreOption.end());
  for (auto *list : {&select, &ignore})
    if (std::string problem = expandRuleSelectors(*list); !problem.empty()) return usageError(problem);

  if (fixOption && diffOption) return usageError("`--fix` and `--diff` exclude each other");
  if (!writeBaselineOption.empty() && (fixOption || diffOption))
    return usageError("`--write-baseline` records findings; it does not combine with `--fix` or `--diff`");

  // A config with errors is reported and fails the run (exit 2), but what it
  // sets validly still applies and the findings are printed; only --fix and
  // --write-baseline, which write files, stop.
  RunConfig runConfig =
      loadRunConfig(configOption, fromStandardInput ? standardInputName : paths.front(), noConfigOption);
  if (!runConfig.missing.empty()) return usageError(runConfig.missing);
  bool configFailed = !runConfig.errors.empty();
  for (const auto &e : runConfig.errors) llvm::errs() << e.str() << '\n';
  bool writesFiles = fixOption || !writeBaselineOption.empty();
  if (configFailed && writesFiles) return 2;
  const ProjectConfig &config = runConfig.config;
  if (std::string cudaError; !registerCudaFrontEnd(compileCommandsOption, cudaPathOption, cudaError, config.cudaDefines))
    return usageError(cudaError);
  Severity failOn = config.failOn.value_or(Severity::Warning);
  if (!failOnOption.empty()) {
    auto parsed = parseSeverity(failOnOption);
    if (!parsed) return usageError("`--fail-on` must be note, warning or error");
    failOn = *parsed;
  }

  EngineOptions options;
  options.archs.assign(archOption.begin(), archOption.end());
  if (!dtypeOption.empty()) options.dtype = dtypeOption;
  options.select = std::move(select);
  options.ignore = std::move(ignore);
  options.jobs = jobsOption;
  options.followSymlinks = followSymlinksOption;
  // Without --config, every file uses its nearest .btlint.yaml (as ruff does).
  options.nearestConfig = !noConfigOption && configOption.empty();
  std::unique_ptr<StandardInputSource> standardInput;
  if (fromStandardInput) {
    std::string error;
    std::optional<std::string> text = readStandardInputSource(options.maxFileBytes, error);
    if (!text) {
      llvm::errs() << "btlint: error: " << standardInputName << " (standard input): " << error << '\n';
      return 2;
    }
    standardInput = std::make_unique<StandardInputSource>(standardInputName, std::move(*text));
    options.sources = standardInput.get();
    options.inMemoryPaths = {standardInputName};
  } else {
    options.paths.assign(paths.begin(), paths.end());
  }
  std::optional<std::vector<BaselineEntry>> baseline;
  if (!baselineOption.empty() && writeBaselineOption.empty()) {
    std::string error;
    baseline = readBaselineFile(baselineOption, error);
    if (!baseline) {
      llvm::errs() << "btlint: error: " << error << '\n';
      return 2;
    }
  }
  RunResult result = runAnalysis(options, config);
  for (const auto &e : result.configErrors) llvm::errs() << e << '\n';
  if (!result.configErrors.empty()) {
    configFailed = true;
    if (writesFiles) return 2;
  }

  if (diffOption) {
    int status = printFixDiff(result);
    return configFailed ? 2 : status;
  }
  if (fixOption) {
    // Fixes can make room for others (two overlapping fixes): fix, lint again,
    // until nothing is left to fix. Each pass only deletes or annotates, so a
    // handful of passes is plenty; the limit guards against a rule whose fix
    // does not silence it.
    size_t fixed = 0, files = 0;
    for (int pass = 0; pass < 8; ++pass) {
      std::vector<FileFixPlan> plans = planFixes(result.diagnostics);
      if (plans.empty()) break;
      for (const FileFixPlan &plan : plans) {
        std::string error;
        if (!writeFixedFile(plan, error)) {
          llvm::errs() << "btlint: error: " << error << '\n';
          return 2;
        }
        ++files;
        for (const PlannedFix &f : plan.fixes)
          summary() << plan.path << ':' << f.span.line << ':' << f.span.column << ": fixed: " << f.description
                    << " [" << f.ruleId << "]\n";
        fixed += plan.fixes.size();
      }
      result = runAnalysis(options, config);
    }
    summary() << "btlint: fixed " << fixed << " finding" << (fixed == 1 ? "" : "s") << " (" << files
              << " file write" << (files == 1 ? "" : "s") << "); " << result.diagnostics.size() << " remain\n";
  }
  if (!writeBaselineOption.empty()) {
    for (const auto &e : result.inputErrors) llvm::errs() << "btlint: error: " << e << '\n';
    std::string error;
    std::vector<BaselineEntry> entries = baselineEntriesFor(result.diagnostics, writeBaselineOption);
    if (!writeBaselineFile(writeBaselineOption, entries, error)) {
      llvm::errs() << "btlint: error: " << error << '\n';
      return 2;
    }
    summary() << "btlint: recorded " << entries.size() << " finding" << (entries.size() == 1 ? "" : "s") << " in "
              << writeBaselineOption << '\n';
    return result.inputErrors.empty() ? 0 : 2;
  }
  if (baseline) {
    BaselineFilterResult filtered = filterByBaseline(std::move(result.diagnostics), *baseline, baselineOption);
    result.diagnostics = std::move(filtered.newFindings);
    if (filtered.matched || filtered.stale)
      summary() << "btlint: " << filtered.matched << " finding" << (filtered.matched == 1 ? "" : "s")
                << " accepted by the baseline " << baselineOption << " not reported"
                << (filtered.stale ? "; " + std::to_string(filtered.stale) +
                                         " baseline entries no longer occur (rerun with --write-baseline "
                                         "to drop them)"
                                   : std::string())
                << '\n';
  }

  for (const auto &e : result.inputErrors) llvm::errs() << "btlint: error: " << e << '\n';

  std::unique_ptr<llvm::ToolOutputFile> outputFile;
  llvm::raw_ostream *out = &llvm::outs();
  if (!outputOption.empty()) {
    std::error_code ec;
    outputFile = std::make_unique<llvm::ToolOutputFile>(outputOption, ec, llvm::sys::fs::OF_None);
    if (ec) return usageError(outputOption + ": cannot write: " + ec.message());
    out = &outputFile->os();
  }
  EmitOptions emitOptions;
  emitOptions.inputErrors = result.inputErrors;
  // A file is never coloured, whatever --color says.
  emitOptions.color = out == &llvm::outs() && *color;
  emitOptions.showFixes = showFixesOption;
  llvm::SmallString<256> cwd;
  if (!llvm::sys::fs::current_path(cwd)) emitOptions.workingDirectory = std::string(cwd);
  if (statisticsOption) {
    CoverageFigures coverage;
    coverage.autotuneLists = result.statistics.autotuneLists;
    coverage.autotuneListsReadWhole = result.statistics.autotuneListsComplete;
    coverage.filesNotAnalysedByLanguage = result.statistics.filesSkippedByLanguage;
    if (*format == OutputFormat::Json)
      emitStatisticsJson(*out, result.diagnostics, coverage);
    else
      emitStatistics(*out, result.diagnostics, coverage);
  } else
    emit(*format, *out, result.diagnostics, emitOptions);
  out->flush();
  if (outputFile) outputFile->keep();
  if (showFixesOption) {
    size_t fixable = countSafelyFixable(result.diagnostics);
    summary() << "btlint: " << fixable << " of " << result.diagnostics.size() << " finding"
              << (result.diagnostics.size() == 1 ? "" : "s") << " fixable with --fix\n";
  }

  // A crash on a file (internal-error) fails the run whatever --fail-on says.
  if (configFailed || !result.inputErrors.empty() || result.statistics.internalErrors > 0) return 2;
  if (exitZeroOption) return 0;
  for (const auto &d : result.diagnostics)
    if (d.severity >= failOn) return 1;
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "btlint " << BTLINT_VERSION << " (tree-sitter-python " << BTLINT_TS_PYTHON_VERSION << ", LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  // LLVM's `--color` exists once LLVM's common options do; btlint's replaces it.
  llvm::initWithColorOptions();
  if (cl::Option *llvmColor = cl::getRegisteredOptions().lookup("color")) llvmColor->removeArgument();
  colorOption();
  cl::HideUnrelatedOptions({&lintCategory, &reportOptionCategory(), &tuneOptionCategory()});
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (!cl::ParseCommandLineOptions(argc, argv, "btlint: static analysis of GPU kernels and their tuning configs\n",
                                   &errorStream)) {
    errorStream.flush();
    llvm::errs() << errors;
    return 2;
  }
  try {
    if (rulesCommand) return listRules();
    if (explainCommand) return explainRule();
    if (lspCommand) return lsp::runLanguageServer(stdin, stdout);
    if (reportCommand) return runReportCommand();
    if (tuneCommand) return runTuneCommand();
    return lint();
  } catch (const std::exception &e) {
    llvm::errs() << "btlint: internal error: " << e.what() << '\n';
    return 2;
  }
}
