#pragma once
// The rule interface. A rule is one file under rules/<category>/<id>.cpp that
// defines a class with `static RuleInfo info()` and `check(RuleContext&)`,
// then registers itself with BTLINT_REGISTER_RULE(Class). The engine stamps
// the id, severity, path and arch on everything a rule reports.
#include "arch/ArchTable.h"
#include "diag/Diagnostic.h"
#include "model/KernelModel.h"
#include "model/Launches.h"
#include "source/AnalysisSettings.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace btlint {

enum class RuleCategory { Correctness, Resources, Tuning, Benchmarking, Meta };
std::string_view categoryName(RuleCategory category);
std::optional<RuleCategory> parseCategory(std::string_view text);

// What btlint-bench measures to confirm or refute a finding: the rule's
// (RuleInfo::measure), or one a finding names itself (Diagnostic::measure).
enum class Measure {
  None,             // nothing the runner measures decides it
  SharedMemory,     // the compiled kernel's shared memory over the arch's limit
  StaticShared,     // ptxas's static shared memory over 48 KB
  Spill,            // ptxas spills registers
  CompileFails,     // the config does not compile
  AllPruned,        // every config of the list is over the limits
  Occupancy,        // resident warps per SM under the rule's threshold
  Tuning,           // the configs' timings (a better one is missing)
  Throughput,       // the grid's throughput across configs
  StagesNoEffect,   // configs that differ only in num_stages compile alike
  LaunchFails,      // CUDA refuses the launch
  LaunchIdleLanes,  // the launch runs with lanes idle (what they waste is not measured)
};
std::string_view measureName(Measure measure);
std::optional<Measure> parseMeasure(std::string_view text);

struct RuleOption {
  std::string name;        // kebab-case, as written in .btlint.yaml
  std::string type;        // "int", "bool" or "string"
  std::string defaultValue;
  std::string description;
};

// Documentation with ruff's fixed headings. Example and useInstead are code.
struct RuleDoc {
  std::string whatItDoes;
  std::string whyItMatters;
  std::string example;
  std::string useInstead;
  std::string exampleLanguage = "python";
  std::string fixSafety; // empty: the rule offers no fix
};

struct RuleInfo {
  std::string id;      // kebab-case, reads right after "allow"
  RuleCategory category = RuleCategory::Correctness;
  Severity defaultSeverity = Severity::Warning;
  std::string summary; // one line, lower case, no trailing period
  RuleDoc doc;
  std::vector<RuleOption> options;
  bool archSpecific = false; // findings depend on the target arch
  // Judges what upstream Triton (or NVIDIA/AMD hardware) accepts, whatever
  // the arch: off with arch-specific rules on a vendor fork's paths.
  bool upstreamOnly = false;
  bool judgesUpstreamTarget() const { return archSpecific || upstreamOnly; }
  // Explains other findings: kept only in a file where a rule that
  // judgesUpstreamTarget() reports (the engine drops it elsewhere).
  bool onlyBesideUpstreamFindings = false;
  Measure measure = Measure::None; // what btlint-bench measures to judge a finding
};

// Option values for one rule: config values over declared defaults.
class RuleOptions {
public:
  RuleOptions() = default;
  RuleOptions(const RuleInfo &info, const std::map<std::string, std::string> &overrides);
  int64_t getInt(const std::string &name) const;
  bool getBool(const std::string &name) const;
  const std::string &getString(const std::string &name) const;

private:
  std::map<std::string, std::string> values_;
};


// A suppression comment, as parsed from the source (see engine/Suppressions).
struct Suppression {
  enum class Scope { Line, NextLine, File };
  struct Id {
    std::string id;
    SourceSpan span;
    bool used = false;
  };
  Scope scope = Scope::Line;
  SourceSpan span;       // the whole directive
  uint32_t targetLine = 0; // line it covers (Line/NextLine); 0 for File
  std::vector<Id> ids;
  std::string malformed; // non-empty: why the directive could not be read
};

class DiagnosticBuilder {
public:
  explicit DiagnosticBuilder(Diagnostic &d) : d_(d) {}
  DiagnosticBuilder &note(Note note) {
    d_.notes.push_back(std::move(note));
    return *this;
  }
  // A note that names a place: `span` in the analysed file, or in `path`.
  DiagnosticBuilder &note(std::string text, const SourceSpan &span, std::string path = {}) {
    d_.notes.push_back(Note(std::move(text), span, std::move(path)));
    return *this;
  }
  // "config 7 of 24, from the comprehension at line 31 ...", at that place.
  DiagnosticBuilder &note(const ConfigExpansion &expansion) { return note(expansion.note()); }
  DiagnosticBuilder &fix(Fix f) {
    d_.fix = std::move(f);
    return *this;
  }
  // A finding weaker than its rule's usual ones: reported at `cap` at most.
  DiagnosticBuilder &atMost(Severity cap) {
    d_.severityCap = cap;
    return *this;
  }
  // For a finding that asks btlint-bench to measure something other than
  // its rule's RuleInfo::measure, or against a limit of its own.
  // The kernel the finding is about and the configs of its list that reach
  // it, first named first (null entries, launches and defaults, are left out).
  DiagnosticBuilder &about(const Kernel &kernel, const std::vector<const Config *> &configs = {}) {
    d_.kernel = kernel.name;
    d_.configs.clear();
    d_.configValues.clear();
    for (const Config *config : configs)
      if (config) {
        if (d_.configs.empty()) d_.configValues = configValuesText(*config);
        d_.configs.push_back(config->index);
      }
    return *this;
  }
  DiagnosticBuilder &measure(Measure m, std::optional<int64_t> limit = std::nullopt) {
    d_.measure = std::string(measureName(m));
    d_.measureLimit = limit;
    return *this;
  }

private:
  Diagnostic &d_;
};

// The place `kernel`'s element type was read from ("the cast to fp16 at line
// 12"), when `dtypeSource` is the kernel's own; none otherwise.
inline SourceSpan dtypeSourcePlace(const Kernel &kernel, std::string_view dtypeSource) {
  return dtypeSource == kernel.dtypeSource ? kernel.dtypeSourceSpan : SourceSpan();
}

struct AnalysisCaches; // rules/ConfigUses.h

class RuleContext {
public:
  RuleContext(const FileModel &file, const ArchInfo *arch, const AnalysisSettings &settings,
              const ProjectIndex &project, const RuleOptions &options,
              const std::vector<Suppression> *suppressions, const std::string &source, AnalysisCaches &caches)
      : file_(file), arch_(arch), settings_(settings), project_(project), options_(options),
        suppressions_(suppressions), source_(source), caches_(caches) {}

  const FileModel &file() const { return file_; }
  // Target arch; null for rules that are not arch-specific.
  const ArchInfo *arch() const { return arch_; }
  // Whether the project's build compiles this file for the target arch, or
  // names no targets: findings about the arch describe a build the project
  // does not make otherwise. `Family` takes any target of the arch's GPU
  // (CUDA `sm_90` or `sm_90a` for sm90: its resources are the same);
  // `Exact` only the arch itself (what an `a` target accepts, the plain
  // one rejects).
  enum class TargetMatch { Family, Exact };
  bool projectBuildsForArch(TargetMatch match = TargetMatch::Family) const {
    const std::set<std::string> &targets = file_.buildTargets;
    if (targets.empty() || !arch_ || arch_->name.size() < 3) return true;
    const std::string number = arch_->name.substr(2);
    if (match == TargetMatch::Exact) return targets.count(number) > 0;
    auto family = [](const std::string &target) {
      size_t digits = 0;
      while (digits < target.size() && std::isdigit(static_cast<unsigned char>(target[digits]))) ++digits;
      return target.substr(0, digits);
    };
    return std::any_of(targets.begin(), targets.end(),
                       [&](const std::string &target) { return family(target) == family(number); });
  }
  const AnalysisSettings &settings() const { return settings_; }
  const ProjectIndex &project() const { return project_; }
  // The kernel a launch of this file calls (model/Launches.h), looked up in
  // the whole run when the file does not define it.
  const Kernel *calledKernel(const LaunchSite &launch) const { return btlint::calledKernel(launch, file_, &project_); }
  const RuleOptions &options() const { return options_; }
  // Suppressions of the file after filtering; only meta rules read them.
  const std::vector<Suppression> &suppressions() const;
  // The file's text, for fixes that need the exact bytes.
  const std::string &source() const { return source_; }
  // What the rules of this file and arch share (rules/ConfigUses.h).
  AnalysisCaches &caches() const { return caches_; }

  DiagnosticBuilder report(SourceSpan span, std::string message);
  std::vector<Diagnostic> takeDiagnostics() { return std::move(diagnostics_); }

private:
  const FileModel &file_;
  const ArchInfo *arch_;
  const AnalysisSettings &settings_;
  const ProjectIndex &project_;
  const RuleOptions &options_;
  const std::vector<Suppression> *suppressions_;
  const std::string &source_;
  AnalysisCaches &caches_;
  std::vector<Diagnostic> diagnostics_;
};

class Rule {
public:
  virtual ~Rule() = default;
  // Runs on the kernel model of one file (once per arch when archSpecific).
  virtual void check(RuleContext &context) const = 0;
  // Rules that judge suppressions themselves (meta) run after filtering.
  virtual bool runsAfterSuppressions() const { return false; }
};

struct RegisteredRule {
  RuleInfo info;
  std::function<std::unique_ptr<Rule>()> create;
};

class RuleRegistry {
public:
  static RuleRegistry &instance();
  void add(RegisteredRule rule);
  // Sorted by id.
  const std::vector<RegisteredRule> &rules() const { return rules_; }
  const RegisteredRule *find(std::string_view id) const;
  bool contains(std::string_view id) const { return find(id) != nullptr; }
  // Closest known id, for "did you mean"; empty when nothing is close.
  std::string closestId(std::string_view id) const;

private:
  std::vector<RegisteredRule> rules_;
};

template <typename RuleClass> struct RuleRegistrar {
  RuleRegistrar() {
    RuleRegistry::instance().add(
        {RuleClass::info(), [] { return std::unique_ptr<Rule>(new RuleClass()); }});
  }
};

#define BTLINT_CONCAT_INNER(a, b) a##b
#define BTLINT_CONCAT(a, b) BTLINT_CONCAT_INNER(a, b)
#define BTLINT_REGISTER_RULE(RuleClass)                                                       \
  static const ::btlint::RuleRegistrar<RuleClass> BTLINT_CONCAT(btlintRuleRegistrar_, __LINE__)

} // namespace btlint
