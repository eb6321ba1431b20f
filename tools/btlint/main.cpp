// btlint: static analysis of GPU kernels and their tuning configs.
#include "LspServer.h"
#include "config/ProjectConfig.h"
#include "emit/Emitters.h"
#include "emit/RuleDocs.h"
#include "engine/AnalysisSetup.h"
#include "engine/Baseline.h"
#include "engine/Engine.h"
#include "engine/FixApplier.h"
#include "rules/Rule.h"
#include "ReportCommand.h"

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
cl::list<std::string> selectOption("select", cl::desc("Rules to run: ids or category:* (replaces the config's)"),
                                   cl::CommaSeparated, cl::cat(lintCategory));
cl::list<std::string> ignoreOption("ignore", cl::desc("Rules not to run: ids or category:*"), cl::CommaSeparated,
                                   cl::cat(lintCategory));
cl::opt<std::string> formatOption("format", cl::desc("Output format: text, json, sarif, github, junit"),
                                  cl::init("text"), cl::cat(lintCategory));
cl::opt<std::string> outputOption("output", cl::desc("Write findings to FILE instead of standard output"),
                                  cl::value_desc("FILE"), cl::cat(lintCategory));
cl::alias outputAlias("o", cl::aliasopt(outputOption));
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
cl::opt<std::string> rulesFormat("format", cl::desc("text or markdown"), cl::init("text"), cl::sub(rulesCommand));

// LLVM's own `--color[=true|false]` decides; without it, colour only on a
// terminal. WithColor's detection function is asked directly: constructing a
// WithColor on standard output would itself write escape codes there, ahead
// of JSON or SARIF.
bool standardOutputWantsColor() { return llvm::WithColor::defaultAutoDetectFunction()(llvm::outs()); }

int usageError(const std::string &message) {
  llvm::errs() << "btlint: error: " << message << "\n";
  return 2;
}

int listRules() {
  if (rulesFormat == "markdown") {
    llvm::outs() << ruleIndexMarkdown();
    return 0;
  }
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
  return any ? 1 : 0;
}

int lint() {
  if (paths.empty()) return usageError("no paths given; usage: btlint [options] PATH...");
  auto format = parseOutputFormat(formatOption);
  if (!format) return usageError("unknown format `" + formatOption + "`; use text, json, sarif, github or junit");
  if (std::string problem = checkArchs(archOption); !problem.empty()) return usageError(problem);
  if (std::string problem = checkDtype(dtypeOption); !problem.empty()) return usageError(problem);
  for (const auto *list : {&selectOption, &ignoreOption})
    for (const auto &s : *list) {
      std::string problem = checkRuleSelector(s);
      if (!problem.empty()) return usageError(problem);
    }

  if (std::string cudaError; !registerCudaFrontEnd(compileCommandsOption, cudaPathOption, cudaError))
    return usageError(cudaError);

  RunConfig runConfig = loadRunConfig(configOption, paths.front(), noConfigOption);
  if (!runConfig.missing.empty()) return usageError(runConfig.missing);
  for (const auto &e : runConfig.errors) llvm::errs() << e.str() << '\n';
  if (!runConfig.errors.empty()) return 2;
  const ProjectConfig &config = runConfig.config;
  Severity failOn = config.failOn.value_or(Severity::Warning);
  if (!failOnOption.empty()) {
    auto parsed = parseSeverity(failOnOption);
    if (!parsed) return usageError("`--fail-on` must be note, warning or error");
    failOn = *parsed;
  }

  EngineOptions options;
  options.paths.assign(paths.begin(), paths.end());
  options.archs.assign(archOption.begin(), archOption.end());
  if (!dtypeOption.empty()) options.dtype = dtypeOption;
  options.select.assign(selectOption.begin(), selectOption.end());
  options.ignore.assign(ignoreOption.begin(), ignoreOption.end());
  options.jobs = jobsOption;
  options.followSymlinks = followSymlinksOption;
  // Without --config, every file uses its nearest .btlint.yaml (as ruff does).
  options.nearestConfig = !noConfigOption && configOption.empty();
  if (fixOption && diffOption) return usageError("`--fix` and `--diff` exclude each other");
  if (!writeBaselineOption.empty() && (fixOption || diffOption))
    return usageError("`--write-baseline` records findings; it does not combine with `--fix` or `--diff`");
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
  if (!result.configErrors.empty()) {
    for (const auto &e : result.configErrors) llvm::errs() << e << '\n';
    return 2;
  }

  if (diffOption) return printFixDiff(result);
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
          llvm::errs() << plan.path << ':' << f.span.line << ':' << f.span.column << ": fixed: " << f.description
                       << " [" << f.ruleId << "]\n";
        fixed += plan.fixes.size();
      }
      result = runAnalysis(options, config);
    }
    llvm::errs() << "btlint: fixed " << fixed << " finding" << (fixed == 1 ? "" : "s") << " (" << files
                 << " file write" << (files == 1 ? "" : "s") << "); " << result.diagnostics.size()
                 << " remain\n";
  }
  if (!writeBaselineOption.empty()) {
    for (const auto &e : result.inputErrors) llvm::errs() << "btlint: error: " << e << '\n';
    std::string error;
    std::vector<BaselineEntry> entries = baselineEntriesFor(result.diagnostics, writeBaselineOption);
    if (!writeBaselineFile(writeBaselineOption, entries, error)) {
      llvm::errs() << "btlint: error: " << error << '\n';
      return 2;
    }
    llvm::errs() << "btlint: recorded " << entries.size() << " finding" << (entries.size() == 1 ? "" : "s")
                 << " in " << writeBaselineOption << '\n';
    return result.inputErrors.empty() ? 0 : 2;
  }
  if (baseline) {
    BaselineFilterResult filtered = filterByBaseline(std::move(result.diagnostics), *baseline, baselineOption);
    result.diagnostics = std::move(filtered.newFindings);
    if (filtered.matched || filtered.stale)
      llvm::errs() << "btlint: " << filtered.matched << " finding" << (filtered.matched == 1 ? "" : "s")
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
  emitOptions.color = out == &llvm::outs() && standardOutputWantsColor();
  llvm::SmallString<256> cwd;
  if (!llvm::sys::fs::current_path(cwd)) emitOptions.workingDirectory = std::string(cwd);
  if (statisticsOption) {
    emitStatistics(*out, result.diagnostics);
    // Coverage: a list not read whole is checked in part (config-list-unresolved says which).
    const RunStatistics &statistics = result.statistics;
    *out << "autotune lists read whole: " << statistics.autotuneListsComplete << " of " << statistics.autotuneLists
         << '\n';
    // Files the pre-filter passed over (docs/cuda.md, "Which files are analysed"): said, never silent.
    size_t skipped = 0;
    std::string byLanguage;
    for (const auto &[language, count] : statistics.filesSkippedByLanguage) {
      skipped += count;
      byLanguage += (byLanguage.empty() ? "" : ", ") + std::to_string(count) + " " + language;
    }
    *out << "files read but not analysed (no kernel, config, launch or timing call in their text): " << skipped
         << (byLanguage.empty() ? std::string() : " (" + byLanguage + ")") << '\n';
  } else
    emit(*format, *out, result.diagnostics, emitOptions);
  out->flush();
  if (outputFile) outputFile->keep();

  // A crash on a file (internal-error) fails the run whatever --fail-on says.
  if (!result.inputErrors.empty() || result.statistics.internalErrors > 0) return 2;
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
  cl::HideUnrelatedOptions({&lintCategory, &reportOptionCategory(), &llvm::getColorCategory()});
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
    return lint();
  } catch (const std::exception &e) {
    llvm::errs() << "btlint: internal error: " << e.what() << '\n';
    return 2;
  }
}
