#pragma once
// A YAML tuning table names its kernel; the kernel itself is defined in code
// (Python or CUDA), usually in another file of the run. Rules that check a
// config against the kernel's signature (config-unknown-param,
// autotune-key-unknown-arg) find it through kernelsWithSignature
// (model/Launches.h), as btlint report does.
#include "model/Launches.h"
#include "rules/Rule.h"

#include <algorithm>
#include <vector>

namespace btlint {

// Calls check(kernel, signatures) for each autotuned kernel of the file
// whose signature is known (kernelsWithSignature): a table whose kernel the
// run does not define is skipped.
template <typename Check> void forEachTunedKernelWithSignature(const RuleContext &context, Check &&check) {
  for (const Kernel &kernel : context.file().kernels) {
    if (!kernel.autotune) continue;
    const std::vector<const Kernel *> signatures = kernelsWithSignature(kernel, context.project());
    if (!signatures.empty()) check(kernel, signatures);
  }
}

// True when any of the kernels has a parameter `name`.
inline bool anyHasParam(const std::vector<const Kernel *> &kernels, const std::string &name) {
  return std::any_of(kernels.begin(), kernels.end(), [&](const Kernel *k) { return k->findParam(name) != nullptr; });
}

} // namespace btlint
