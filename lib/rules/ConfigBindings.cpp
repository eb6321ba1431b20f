#include "rules/ConfigBindings.h"

#include <algorithm>

namespace btlint {

const Config &ConfigBinding::values() const {
  static const Config none;
  if (config) return *config;
  if (launchValues) return *launchValues;
  return none;
}

ConfigBinding autotuneBinding(const Config &config, const ConfigList &list) {
  ConfigBinding binding;
  binding.kind = ConfigBinding::Kind::AutotuneConfig;
  binding.config = &config;
  binding.list = &list;
  return binding;
}

namespace {
std::vector<ConfigBinding> bindingsOf(const Kernel &kernel, const RuleContext &context) {
  std::vector<ConfigBinding> bindings;
  if (kernel.autotune) {
    bindings.reserve(kernel.autotune->configs.configs.size() + 1);
    for (const Config &config : kernel.autotune->configs.configs)
      bindings.push_back(autotuneBinding(config, kernel.autotune->configs));
  } else {
    for (const LaunchSite &launch : context.file().launches) {
      if (context.calledKernel(launch) != &kernel) continue;
      ConfigBinding binding;
      binding.kind = ConfigBinding::Kind::Launch;
      binding.launchValues = std::make_shared<const Config>(launchConfig(launch, kernel));
      binding.launch = &launch;
      bindings.push_back(std::move(binding));
    }
  }
  bindings.push_back(ConfigBinding{});
  return bindings;
}

// What the tile rules keep per kernel while its file is checked.
struct TileScratch {
  std::vector<ConfigBinding> bindings;
  std::unique_ptr<DimValueCache> values; // built on first use
};

TileScratch &tileScratchOf(const Kernel &kernel, const RuleContext &context) {
  if (!kernel.scratch.bindings) {
    auto scratch = std::make_shared<TileScratch>();
    scratch->bindings = bindingsOf(kernel, context);
    kernel.scratch.bindings = std::move(scratch);
  }
  return *static_cast<TileScratch *>(kernel.scratch.bindings.get());
}
} // namespace

const std::vector<ConfigBinding> &configBindingsOf(const Kernel &kernel, const RuleContext &context) {
  return tileScratchOf(kernel, context).bindings;
}

DimValueCache &tileValuesOf(const Kernel &kernel, const RuleContext &context) {
  TileScratch &scratch = tileScratchOf(kernel, context);
  if (!scratch.values) {
    std::vector<const TileDim *> dims;
    for (const TileShape &tile : kernel.tiles)
      for (const TileDim &dim : tile.dims) dims.push_back(&dim);
    scratch.values = std::make_unique<DimValueCache>(std::move(dims), scratch.bindings.size());
  }
  return *scratch.values;
}

std::vector<std::string> paramsRead(const TileDim &dim) {
  std::vector<std::string> names = dim.params;
  for (const DimOp &op : dim.program)
    if (op.kind == DimOp::Param && std::find(names.begin(), names.end(), op.name) == names.end())
      names.push_back(op.name);
  return names;
}

std::vector<std::string> paramsRead(const std::vector<TileDim> &dims) {
  std::vector<std::string> names;
  auto add = [&](const std::string &name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  };
  for (const TileDim &dim : dims) {
    for (const std::string &name : dim.params) add(name);
    for (const DimOp &op : dim.program)
      if (op.kind == DimOp::Param) add(op.name);
  }
  return names;
}

bool setElsewhereSearched(const std::string &name, const Kernel &kernel, const ConfigBinding &binding) {
  for (const Heuristic &heuristic : kernel.heuristics)
    if (heuristic.param == name) return true;
  if (binding.kind != ConfigBinding::Kind::Defaults) return false;
  if (kernel.autotune)
    for (const Config &config : kernel.autotune->configs.configs)
      if (config.params.count(name)) return true;
  return false;
}

std::optional<ValueOrigin> originOf(const std::string &name, const ConfigBinding &binding, const Kernel &kernel) {
  const Config &values = binding.values();
  if (auto found = values.params.find(name); found != values.params.end()) {
    if (!found->second.isInt()) return std::nullopt;
    const std::string value = std::to_string(found->second.asInt());
    if (binding.kind == ConfigBinding::Kind::AutotuneConfig) {
      const SourceSpan span = binding.config->sourcePath.empty() && found->second.span().valid()
                                  ? found->second.span()
                                  : binding.list->span;
      return ValueOrigin{span, "config " + std::to_string(binding.config->index + 1) + " sets `" + name + "` to " +
                                   value};
    }
    return ValueOrigin{found->second.span(), "the launch of `" + kernel.name + "` sets `" + name + "` to " + value};
  }
  const Param *param = kernel.findParam(name);
  if (!param || !param->defaultValue || !param->defaultValue->isInt()) return std::nullopt;
  const SourceSpan span = param->defaultValue->span().valid() ? param->defaultValue->span() : param->span;
  return ValueOrigin{span, "`" + name + "` defaults to " + std::to_string(param->defaultValue->asInt())};
}

SourceSpan bindingSpan(const ConfigBinding &binding, const Kernel &kernel) {
  switch (binding.kind) {
  case ConfigBinding::Kind::AutotuneConfig:
    return binding.config->sourcePath.empty() && binding.config->span.valid() ? binding.config->span
                                                                              : binding.list->span;
  case ConfigBinding::Kind::Launch: return binding.launch->span;
  case ConfigBinding::Kind::Defaults: break;
  }
  return kernel.nameSpan.valid() ? kernel.nameSpan : kernel.span;
}

std::string bindingName(const ConfigBinding &binding, const Kernel &kernel) {
  switch (binding.kind) {
  case ConfigBinding::Kind::AutotuneConfig: return "config " + std::to_string(binding.config->index + 1);
  case ConfigBinding::Kind::Launch: return "the launch of `" + kernel.name + "`";
  case ConfigBinding::Kind::Defaults: break;
  }
  return "the defaults of `" + kernel.name + "`";
}

} // namespace btlint
