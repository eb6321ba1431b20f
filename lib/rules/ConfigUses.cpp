#include "rules/ConfigUses.h"

#include <algorithm>

namespace btlint {

DimValueCache &tileValuesOf(const Kernel &kernel, const RuleContext &context) {
  std::unique_ptr<DimValueCache> &values = context.caches().tileValues[&kernel];
  if (!values) {
    std::vector<const TileDim *> dims;
    for (const TileShape &tile : kernel.tiles)
      for (const TileDim &dim : tile.dims) dims.push_back(&dim);
    values = std::make_unique<DimValueCache>(std::move(dims), context.file().configUsesOf(kernel).size());
  }
  return *values;
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

bool setElsewhereSearched(const std::string &name, const Kernel &kernel, const ConfigUse &use) {
  for (const Heuristic &heuristic : kernel.heuristics)
    if (heuristic.param == name) return true;
  if (use.source != ConfigUse::Source::Defaults) return false;
  if (kernel.autotune)
    for (const Config &config : kernel.autotune->configs.configs)
      if (config.params.count(name)) return true;
  return false;
}

std::optional<ValueOrigin> originOf(const std::string &name, const ConfigUse &use, const Kernel &kernel) {
  const Config &values = use.values();
  if (auto found = values.params.find(name); found != values.params.end()) {
    if (!found->second.isInt()) return std::nullopt;
    const std::string value = std::to_string(found->second.asInt());
    if (use.source == ConfigUse::Source::AutotuneConfig) {
      const SourceSpan span = use.listed->sourcePath.empty() && found->second.span().valid()
                                  ? found->second.span()
                                  : use.list->span;
      return ValueOrigin{span, "config " + std::to_string(use.listed->index + 1) + " sets `" + name + "` to " +
                                   value};
    }
    return ValueOrigin{found->second.span(), "the launch of `" + kernel.name + "` sets `" + name + "` to " + value};
  }
  const Param *param = kernel.findParam(name);
  if (!param || !param->defaultValue || !param->defaultValue->isInt()) return std::nullopt;
  const SourceSpan span = param->defaultValue->span().valid() ? param->defaultValue->span() : param->span;
  return ValueOrigin{span, "`" + name + "` defaults to " + std::to_string(param->defaultValue->asInt())};
}

SourceSpan useSpan(const ConfigUse &use, const Kernel &kernel) {
  switch (use.source) {
  case ConfigUse::Source::AutotuneConfig:
    return use.listed->sourcePath.empty() && use.listed->span.valid() ? use.listed->span
                                                                              : use.list->span;
  case ConfigUse::Source::Launch: return use.launch->span;
  case ConfigUse::Source::Defaults: break;
  }
  return kernel.nameSpan.valid() ? kernel.nameSpan : kernel.span;
}

std::string useName(const ConfigUse &use, const Kernel &kernel) {
  switch (use.source) {
  case ConfigUse::Source::AutotuneConfig: return "config " + std::to_string(use.listed->index + 1);
  case ConfigUse::Source::Launch: return "the launch of `" + kernel.name + "`";
  case ConfigUse::Source::Defaults: break;
  }
  return "the defaults of `" + kernel.name + "`";
}

} // namespace btlint
