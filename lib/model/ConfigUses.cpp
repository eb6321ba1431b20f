#include "model/KernelModel.h"
#include "model/Launches.h"

#include <cassert>
#include <map>
#include <mutex>

namespace btlint {

const Config &ConfigUse::values() const {
  static const Config none;
  if (withLaunchValues) return *withLaunchValues;
  if (listed) return *listed;
  if (launchValues) return *launchValues;
  return none;
}

std::string ConfigUse::label() const {
  if (listed) return "config " + std::to_string(listed->index + 1);
  if (launch) return "the launch at line " + std::to_string(launch->span.line);
  return "the launch";
}

const AutotuneSpec::KeepCondition *failedPrunerKeep(const AutotuneSpec &spec, const Config &config) {
  if (!spec.hasPruner || spec.prunerBuildsConfigs) return nullptr;
  for (const AutotuneSpec::KeepCondition &keep : spec.prunerKeeps) {
    auto value = config.params.find(keep.key);
    if (value == config.params.end()) continue;
    std::optional<int64_t> number;
    if (value->second.isInt()) number = value->second.asInt();
    else if (value->second.isBool()) number = value->second.asBool() ? 1 : 0;
    if (number && !keep.holdsFor(*number)) return &keep;
  }
  return nullptr;
}

namespace {
// The constexpr values every launch of `kernel` in the file passes, each
// known and alike at every launch (none when the file has no launch).
std::map<std::string, ScalarValue> valuesEveryLaunchPasses(const FileModel &file, const Kernel &kernel) {
  std::map<std::string, ScalarValue> agreed;
  bool first = true;
  for (const LaunchSite &launch : file.launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    const Config passed = launchConfig(launch, kernel);
    std::map<std::string, ScalarValue> known;
    for (const auto &[name, value] : passed.params) {
      const Param *param = kernel.findParam(name);
      if (!param || !param->isConstexpr() || !value.isKnown()) continue;
      if (!first && !(agreed.count(name) && agreed.at(name) == value)) continue;
      ScalarValue kept = value;
      kept.setSpan(SourceSpan()); // no place in the config to report at
      known.emplace(name, std::move(kept));
    }
    agreed = std::move(known);
    first = false;
  }
  return agreed;
}

std::vector<ConfigUse> usesOf(const FileModel &file, const Kernel &kernel) {
  std::vector<ConfigUse> uses;
  if (kernel.autotune) {
    // An autotuned kernel runs its list whatever its launches pass; the
    // constexprs the list leaves out are the launches'.
    const std::map<std::string, ScalarValue> launched = valuesEveryLaunchPasses(file, kernel);
    uses.reserve(kernel.autotune->configs.configs.size() + 1);
    for (const Config &config : kernel.autotune->configs.configs) {
      // The pruner drops it by a test on its own values: it never runs.
      if (failedPrunerKeep(*kernel.autotune, config)) continue;
      ConfigUse use;
      use.source = ConfigUse::Source::AutotuneConfig;
      use.listed = &config;
      use.list = &kernel.autotune->configs;
      Config merged = config;
      bool added = false;
      for (const auto &[name, value] : launched)
        if (!merged.params.count(name)) {
          merged.params.emplace(name, value);
          added = true;
        }
      if (added) use.withLaunchValues = std::make_shared<const Config>(std::move(merged));
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
