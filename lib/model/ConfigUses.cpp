#include "model/KernelModel.h"
#include "model/Launches.h"

#include <cassert>
#include <mutex>

namespace btlint {

const Config &ConfigUse::values() const {
  static const Config none;
  if (listed) return *listed;
  if (launchValues) return *launchValues;
  return none;
}

std::string ConfigUse::label() const {
  if (listed) return "config " + std::to_string(listed->index + 1);
  if (launch) return "the launch at line " + std::to_string(launch->span.line);
  return "the launch";
}

namespace {
std::vector<ConfigUse> usesOf(const FileModel &file, const Kernel &kernel) {
  std::vector<ConfigUse> uses;
  if (kernel.autotune) {
    // An autotuned kernel runs its list whatever its launches pass.
    uses.reserve(kernel.autotune->configs.configs.size() + 1);
    for (const Config &config : kernel.autotune->configs.configs) {
      ConfigUse use;
      use.source = ConfigUse::Source::AutotuneConfig;
      use.listed = &config;
      use.list = &kernel.autotune->configs;
      uses.push_back(std::move(use));
    }
  } else {
    for (const LaunchSite &launch : file.launches) {
      if (!callsOwnKernel(launch, kernel)) continue;
      ConfigUse use;
      use.source = ConfigUse::Source::Launch;
      use.launchValues = std::make_shared<const Config>(launchConfig(launch, kernel));
      use.launch = &launch;
      uses.push_back(std::move(use));
    }
  }
  uses.emplace_back(); // the defaults
  return uses;
}
} // namespace

struct ConfigUseTable::State {
  std::once_flag bound;
  std::vector<std::vector<ConfigUse>> byKernel; // parallel to FileModel::kernels
};

ConfigUseTable::ConfigUseTable() : state_(std::make_unique<State>()) {}
ConfigUseTable::ConfigUseTable(const ConfigUseTable &) : state_(std::make_unique<State>()) {}
ConfigUseTable &ConfigUseTable::operator=(const ConfigUseTable &) {
  state_ = std::make_unique<State>();
  return *this;
}
ConfigUseTable::ConfigUseTable(ConfigUseTable &&) noexcept = default;
ConfigUseTable &ConfigUseTable::operator=(ConfigUseTable &&) noexcept = default;
ConfigUseTable::~ConfigUseTable() = default;

const std::vector<ConfigUse> &ConfigUseTable::of(const FileModel &file, const Kernel &kernel) const {
  std::call_once(state_->bound, [&] {
    state_->byKernel.reserve(file.kernels.size());
    for (const Kernel &k : file.kernels) state_->byKernel.push_back(usesOf(file, k));
  });
  assert(!file.kernels.empty() && &kernel >= file.kernels.data() &&
         &kernel < file.kernels.data() + file.kernels.size() && "configUsesOf a kernel of another file");
  return state_->byKernel[static_cast<size_t>(&kernel - file.kernels.data())];
}

} // namespace btlint
