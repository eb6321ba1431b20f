#pragma once
// Several configs or launches that reach one literal (a list entry, a launch
// argument, a default) make one finding there, reported once: rules keep
// their findings in the order first met, find each literal's slot here, and
// end the finding with a note naming the other uses.
#include "diag/SourceSpan.h"
#include "model/KernelModel.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace btlint {

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

} // namespace btlint
