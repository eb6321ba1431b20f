#pragma once
// Launches and the kernels they call: the one definition every rule,
// `btlint report` and btlint-bench use of which kernel a launch calls, and of
// the values it passes.
#include "model/KernelModel.h"

#include <map>
#include <string>
#include <vector>

namespace btlint {

// The kernels of the whole run, by name: for launches of kernels defined in
// another file.
class ProjectIndex {
public:
  virtual ~ProjectIndex() = default;
  // Kernels with this name anywhere in the run, for the current arch.
  virtual std::vector<const Kernel *> kernelsNamed(const std::string &name) const = 0;
  // The path of the file that defines `kernel`, for notes that point into
  // it; empty when not known.
  virtual std::string pathOf(const Kernel &kernel) const { return {}; }
};

// The ProjectIndex of a set of files: their kernels by the names they answer
// to (Kernel::answersTo), in the order the files were added.
class KernelIndex : public ProjectIndex {
public:
  void add(const FileModel &model);
  std::vector<const Kernel *> kernelsNamed(const std::string &name) const override;
  std::string pathOf(const Kernel &kernel) const override;

private:
  std::map<std::string, std::vector<const Kernel *>> byName_;
  std::map<const Kernel *, const std::string *> paths_; // into the models added
};

// The kernels whose parameters `kernel`'s configs and key are checked
// against, and whose body they configure: the kernel itself when it is
// defined in code; for a YAML table, every kernel of that name defined in
// code anywhere in the run (for the current arch). Empty when a table names
// a kernel the run does not define: its signature is unknown.
std::vector<const Kernel *> kernelsWithSignature(const Kernel &kernel, const ProjectIndex &project);

// Whether `launch`, a launch in the file that defines `kernel`, calls it: the
// launched name without its module path (`mod.kernel` calls `kernel`) is the
// kernel's name, or one a re-applied autotuner is bound to
// (Kernel::answersTo).
inline bool callsOwnKernel(const LaunchSite &launch, const Kernel &kernel) {
  return kernel.answersTo(launch.kernelName());
}

// The kernel `launch` (a launch of `file`) calls: the first kernel of the file
// it calls (callsOwnKernel), else the only kernel of the run with that name;
// null when there is none or several, or no `project` to ask.
const Kernel *calledKernel(const LaunchSite &launch, const FileModel &file, const ProjectIndex *project);

// What a launch passes, as a config: the compile options (num_warps,
// num_stages, num_ctas, maxnreg) and the values of the kernel's parameters,
// by keyword or position, each with its span (the argument's where the value
// has none); the config's span is the launch's.
Config launchConfig(const LaunchSite &launch, const Kernel &kernel);

} // namespace btlint
