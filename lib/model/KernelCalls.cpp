#include "model/KernelCalls.h"

#include <algorithm>

namespace btlint {
namespace {

constexpr int kMaxHelperDepth = 8;

Presence presentAt(const Kernel &kernel, const FileModel &file, const std::function<bool(const Kernel &)> &has,
                   const HelperElsewhere &elsewhere, int depth) {
  if (has(kernel)) return Presence::Yes;
  if (depth > kMaxHelperDepth || kernel.bodyGeneratedByDecorator) return Presence::Unknown;
  Presence result = Presence::No;
  for (const std::string &name : kernel.calledFunctions) {
    if (kernel.inlinedHelpers.count(name)) continue; // already read into this kernel
    const Kernel *helper = file.findKernel(name);
    for (auto candidate = file.kernels.begin(); !helper && candidate != file.kernels.end(); ++candidate)
      if (candidate->calledAs(name)) helper = &*candidate; // `Mean.forward`
    const Presence inHelper = helper      ? presentAt(*helper, file, has, elsewhere, depth + 1)
                              : elsewhere ? elsewhere(name)
                                          : Presence::Unknown;
    if (inHelper == Presence::Yes) return Presence::Yes;
    if (inHelper == Presence::Unknown) result = Presence::Unknown;
  }
  return result;
}

} // namespace

Presence presentThroughHelpers(const Kernel &kernel, const FileModel &file,
                               const std::function<bool(const Kernel &)> &has, const HelperElsewhere &elsewhere) {
  return presentAt(kernel, file, has, elsewhere, 0);
}

Presence dotPresence(const Kernel &kernel, const FileModel &file) {
  if (kernel.dotThroughHelpers) return *kernel.dotThroughHelpers;
  return presentThroughHelpers(kernel, file, [](const Kernel &k) { return !k.dots.empty(); });
}

bool ownsPipelinableLoop(const Kernel &kernel) {
  return std::any_of(kernel.loops.begin(), kernel.loops.end(), [](const Loop &loop) { return !loop.isStaticRange; });
}

} // namespace btlint
