#pragma once
// Several configs or launches that reach one literal (a list entry, a launch
// argument, a default) make one finding there, reported once: rules keep
// their findings here, in the order first met, one per literal, and end each
// with a note naming the other uses.
#include "diag/SourceSpan.h"
#include "model/KernelModel.h"
#include "rules/Rule.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace btlint {

// `config` joins the configs that reach a finding (once; null: a launch or a default).
inline void addConfig(std::vector<const Config *> &configs, const Config *config) {
  if (config && std::find(configs.begin(), configs.end(), config) == configs.end()) configs.push_back(config);
}

// The slot of each literal (where a span starts) among a rule's findings.
class LiteralSlots {
public:
  // The slot of the finding at `span` with `value` and whether it is new
  // there; a new one takes `next`, the slot of the finding the caller adds.
  // `value` keeps apart the values that configs written in another file
  // bring to the one span they are reported at (the list's): one literal
  // holds one value, a list's span many.
  std::pair<size_t, bool> find(const SourceSpan &span, size_t next, int64_t value = 0) {
    auto [entry, inserted] = slots_.try_emplace({span.line, span.column, value}, next);
    return {entry->second, inserted};
  }

private:
  std::map<std::tuple<uint32_t, uint32_t, int64_t>, size_t> slots_;
};

// A rule's findings, one per literal (and value), in the order first met.
// `Finding` has a `span`; at() gives the one at a span, made there (span
// set, the rest for the caller to fill) when it is the first.
template <typename Finding> class FindingsAtLiterals {
public:
  // The finding at `span` with `value` (see LiteralSlots::find), and whether
  // it is new. The reference holds until the next call.
  std::pair<Finding &, bool> at(const SourceSpan &span, int64_t value = 0) {
    auto [slot, fresh] = slots_.find(span, findings_.size(), value);
    if (fresh) {
      findings_.emplace_back();
      findings_.back().span = span;
    }
    return {findings_[slot], fresh};
  }
  // `finding`, the first at its span; or, when one is there already, `label`
  // (the use that found it again, with its kernel's name when that is not
  // the first finding's kernel) joins that one's `others`.
  // Its configs join that one's.
  void add(Finding finding, std::string label) {
    auto [found, fresh] = at(finding.span);
    if (fresh) {
      found = std::move(finding);
      return;
    }
    // Another kernel's use (two kernels share a list): its number alone
    // would read as the first kernel's.
    if (finding.kernel && found.kernel && finding.kernel != found.kernel &&
        label.find("`" + finding.kernel->name + "`") == std::string::npos)
      label += " of `" + finding.kernel->name + "`";
    found.others.push_back(std::move(label));
    for (const Config *config : finding.configs) addConfig(found.configs, config);
  }
  typename std::vector<Finding>::const_iterator begin() const { return findings_.begin(); }
  typename std::vector<Finding>::const_iterator end() const { return findings_.end(); }
  bool empty() const { return findings_.empty(); }

private:
  std::vector<Finding> findings_;
  LiteralSlots slots_;
};

// What most such findings hold: the message and notes of the first use to
// reach the literal, and the configs or the labels of the uses after it.
struct LiteralFinding {
  SourceSpan span;
  std::string message;
  std::vector<Note> notes;
  const Kernel *kernel = nullptr;      // whose configs these are
  std::vector<const Config *> configs; // the configs that reach it, first met first
  std::vector<std::string> others;     // the labels of the other uses that reach it
  std::optional<Severity> cap;         // DiagnosticBuilder::atMost, when it rests on an assumption
};

// A value written at one place (a config's `num_warps`, a launch keyword)
// and the configs it reaches; none for a launch.
struct ValueSite {
  SourceSpan span;
  int64_t value = 0;
  std::vector<const Config *> configs;
  std::string kernel;            // as the launch or the list names it
  const Kernel *owner = nullptr; // the kernel that name is, where known
};

// "the same value also reaches config 4" or "... configs 4, 7": the configs
// after the first (the one the finding names); empty when there is one.
inline std::string alsoReachesConfigsNote(const std::vector<const Config *> &configs) {
  if (configs.size() < 2) return "";
  std::string numbers;
  for (size_t i = 1; i < configs.size(); ++i) numbers += (i == 1 ? "" : ", ") + std::to_string(configs[i]->index + 1);
  return "the same value also reaches config" + std::string(configs.size() > 2 ? "s " : " ") + numbers;
}

// "the same value also <verb> <label>, <label>": the other uses by their
// labels ("config 4", "the launch at line 9"); empty when there are none.
inline std::string alsoNote(std::string_view verb, const std::vector<std::string> &labels) {
  if (labels.empty()) return "";
  std::string text = "the same value also " + std::string(verb) + " ";
  for (size_t i = 0; i < labels.size(); ++i) text += (i ? ", " : "") + labels[i];
  return text;
}

// Records that `value`, written at `span`, reaches `config` (null: a launch
// of `kernel`, which is `owner` where the run defines it).
inline void recordValue(FindingsAtLiterals<ValueSite> &sites, const SourceSpan &span, int64_t value,
                        const Config *config, const std::string &kernel, const Kernel *owner) {
  auto [site, fresh] = sites.at(span, value);
  if (fresh) {
    site.value = value;
    site.kernel = kernel;
    site.owner = owner;
  }
  addConfig(site.configs, config);
}

// "config 3 sets" or "the launch of `k` sets": who writes a site's value.
inline std::string setterOf(const ValueSite &site) {
  return site.configs.empty() ? "the launch of `" + site.kernel + "` sets"
                              : "config " + std::to_string(site.configs.front()->index + 1) + " sets";
}

// Reports each finding with its notes, then the note naming what else
// reaches it: the other uses by label when they were kept ("the same value
// also <othersVerb> config 3, the launch at line 9"), else the other configs.
inline void reportFindings(RuleContext &context, const FindingsAtLiterals<LiteralFinding> &findings,
                           std::string_view othersVerb = "") {
  for (const LiteralFinding &finding : findings) {
    auto diagnostic = context.report(finding.span, finding.message);
    if (finding.kernel) diagnostic.about(*finding.kernel, finding.configs);
    if (finding.cap) diagnostic.atMost(*finding.cap);
    for (const Note &note : finding.notes) diagnostic.note(note);
    if (!finding.others.empty()) diagnostic.note(alsoNote(othersVerb, finding.others));
    else if (finding.configs.size() > 1) diagnostic.note(alsoReachesConfigsNote(finding.configs));
  }
}

} // namespace btlint
