#pragma once
// Per-file settings, resolved from the command line and .btlint.yaml: the
// front-ends read the element type, the engine and the rules which rules run.
#include <set>
#include <string>

namespace btlint {

struct AnalysisSettings {
  std::string dtype = "fp16";        // --dtype / config default element type
  std::string dtypeSource = "default";
  std::set<std::string> enabledRules; // rules that run on this file
};

} // namespace btlint
