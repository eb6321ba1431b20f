#pragma once
// Per-file settings, resolved from the command line and .btlint.yaml: the
// front-ends read the element type, the engine and the rules which rules run.
#include <set>
#include <string>
#include <vector>

namespace btlint {

struct AnalysisSettings {
  std::string dtype = "fp16";        // --dtype / config default element type
  std::string dtypeSource = "default";
  std::set<std::string> enabledRules; // rules that run on this file
  // `backend:` of .btlint.yaml for this file ("triton", a fork's name,
  // "other"); empty when nothing says. A fork turns off the rules that judge
  // upstream Triton or NVIDIA/AMD limits (RuleInfo::judgesUpstreamTarget).
  std::string backend;
  std::vector<std::string> archs; // the target archs of the file
};

} // namespace btlint
