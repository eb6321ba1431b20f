#pragma once
// The keywords a Triton launch or config takes besides the kernel's own
// parameters: the compile options of Triton 3.6's NVIDIA and AMD backends
// (CUDAOptions, HIPOptions), the launcher's own (`stream`, `grid`,
// `warmup`) and those of the vendors' forks that configs carry.

#include <set>
#include <string>

namespace btlint {

const std::set<std::string> &launchOptionNames();

} // namespace btlint
