#include "model/Launches.h"

namespace btlint {

void KernelIndex::add(const FileModel &model) {
  for (const Kernel &kernel : model.kernels) {
    paths_[&kernel] = &model.path;
    if (!kernel.reapplied) byName_[kernel.name].push_back(&kernel);
    for (const std::string &bound : kernel.boundNames) byName_[bound].push_back(&kernel); // never `name` unless reapplied
  }
}

std::string KernelIndex::pathOf(const Kernel &kernel) const {
  auto found = paths_.find(&kernel);
  return found == paths_.end() ? std::string() : *found->second;
}

std::vector<const Kernel *> KernelIndex::kernelsNamed(const std::string &name) const {
  auto found = byName_.find(name);
  return found == byName_.end() ? std::vector<const Kernel *>{} : found->second;
}

std::vector<const Kernel *> kernelsWithSignature(const Kernel &kernel, const ProjectIndex &project) {
  if (kernel.language != Language::Yaml) return {&kernel};
  std::vector<const Kernel *> definitions;
  for (const Kernel *candidate : project.kernelsNamed(kernel.name))
    if (candidate->language != Language::Yaml) definitions.push_back(candidate);
  return definitions;
}

const Kernel *calledKernel(const LaunchSite &launch, const FileModel &file, const ProjectIndex *project) {
  for (const Kernel &kernel : file.kernels)
    if (callsOwnKernel(launch, kernel)) return &kernel;
  if (!project) return nullptr;
  const std::vector<const Kernel *> candidates = project->kernelsNamed(std::string(launch.kernelName()));
  return candidates.size() == 1 ? candidates.front() : nullptr;
}

Config launchConfig(const LaunchSite &launch, const Kernel &kernel) {
  Config values;
  for (const LaunchArgument &argument : launch.arguments) {
    const std::string_view name = kernel.paramNameOf(argument);
    if (name.empty()) continue;
    ScalarValue value = argument.value;
    if (!value.span().valid()) value.setSpan(argument.span);
    if (name == "num_warps") values.numWarps = value;
    else if (name == "num_stages") values.numStages = value;
    else if (name == "num_ctas") values.numCtas = value;
    else if (name == "maxnreg") values.maxnreg = value;
    else if (kernel.findParam(name)) values.params[name] = value;
  }
  values.span = launch.span;
  return values;
}

} // namespace btlint
