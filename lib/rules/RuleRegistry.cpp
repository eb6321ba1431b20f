#include "rules/Rule.h"
#include "rules/Spelling.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <stdexcept>

namespace btlint {

std::string_view categoryName(RuleCategory category) {
  switch (category) {
  case RuleCategory::Correctness: return "correctness";
  case RuleCategory::Resources: return "resources";
  case RuleCategory::Tuning: return "tuning";
  case RuleCategory::Benchmarking: return "benchmarking";
  case RuleCategory::Meta: return "meta";
  }
  return "meta";
}

std::optional<RuleCategory> parseCategory(std::string_view text) {
  for (RuleCategory c : {RuleCategory::Correctness, RuleCategory::Resources, RuleCategory::Tuning,
                         RuleCategory::Benchmarking, RuleCategory::Meta})
    if (categoryName(c) == text) return c;
  return std::nullopt;
}

std::string_view measureName(Measure measure) {
  switch (measure) {
  case Measure::None: return "none";
  case Measure::SharedMemory: return "shared-memory";
  case Measure::StaticShared: return "static-shared-memory";
  case Measure::Spill: return "spill";
  case Measure::CompileFails: return "compile-fails";
  case Measure::AllPruned: return "all-pruned";
  case Measure::Occupancy: return "occupancy";
  case Measure::Tuning: return "tuning";
  case Measure::Throughput: return "throughput";
  case Measure::StagesNoEffect: return "stages-no-effect";
  case Measure::LaunchFails: return "launch-fails";
  case Measure::LaunchIdleLanes: return "launch-idle-lanes";
  }
  return "none";
}

std::optional<Measure> parseMeasure(std::string_view text) {
  for (Measure m : {Measure::None, Measure::SharedMemory, Measure::StaticShared, Measure::Spill,
                    Measure::CompileFails, Measure::AllPruned, Measure::Occupancy, Measure::Tuning,
                    Measure::Throughput, Measure::StagesNoEffect, Measure::LaunchFails, Measure::LaunchIdleLanes})
    if (measureName(m) == text) return m;
  return std::nullopt;
}

RuleOptions::RuleOptions(const RuleInfo &info,
                         const std::map<std::string, std::string> &overrides) {
  for (const RuleOption &option : info.options) values_[option.name] = option.defaultValue;
  for (const auto &[name, value] : overrides) values_[name] = value;
}

int64_t RuleOptions::getInt(const std::string &name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("undeclared rule option " + name);
  long long value = 0;
  if (llvm::StringRef(it->second).getAsInteger(10, value))
    throw std::logic_error("rule option " + name + " is not an integer");
  return value;
}

bool RuleOptions::getBool(const std::string &name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("undeclared rule option " + name);
  return it->second == "true";
}

const std::string &RuleOptions::getString(const std::string &name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("undeclared rule option " + name);
  return it->second;
}

const std::vector<Suppression> &RuleContext::suppressions() const {
  static const std::vector<Suppression> none;
  return suppressions_ ? *suppressions_ : none;
}

DiagnosticBuilder RuleContext::report(SourceSpan span, std::string message) {
  Diagnostic d;
  d.path = file_.path;
  d.span = span;
  d.message = std::move(message);
  if (arch_) d.arch = arch_->name;
  // What a project header's launcher does for this file is reported where
  // the file instantiates it: say where it is written.
  for (const HeaderInstantiationSite &site : file_.headerInstantiations)
    if (site.span == span) {
      d.notes.push_back(Note("from `" + site.launcher + "` (" + site.definedAt +
                                 "), a launcher of a project header that this file instantiates here",
                             site.definedSpan, site.definedIn));
      break;
    }
  diagnostics_.push_back(std::move(d));
  return DiagnosticBuilder(diagnostics_.back());
}

RuleRegistry &RuleRegistry::instance() {
  static RuleRegistry registry;
  return registry;
}

void RuleRegistry::add(RegisteredRule rule) {
  auto position = std::lower_bound(
      rules_.begin(), rules_.end(), rule.info.id,
      [](const RegisteredRule &r, const std::string &id) { return r.info.id < id; });
  if (position != rules_.end() && position->info.id == rule.info.id)
    throw std::logic_error("rule registered twice: " + rule.info.id);
  rules_.insert(position, std::move(rule));
}

const RegisteredRule *RuleRegistry::find(std::string_view id) const {
  for (const auto &r : rules_)
    if (r.info.id == id) return &r;
  return nullptr;
}

std::string RuleRegistry::closestId(std::string_view id) const {
  std::vector<std::string_view> ids;
  for (const auto &r : rules_) ids.push_back(r.info.id);
  return closestSpelling(id, ids);
}

} // namespace btlint
