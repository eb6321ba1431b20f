#pragma once
// The sets of meta-parameter values a Triton kernel is compiled with, as the
// tile rules (tile-not-power-of-two, tile-numel-too-large,
// dot-operand-too-small) judge its tiles under each: every autotune config,
// or the values each launch passes, and the parameters' defaults.
#include "eval/TileEval.h"
#include "model/KernelModel.h"
#include "rules/Rule.h"

#include <memory>
#include <optional>
#include <algorithm>
#include <string>
#include <vector>

namespace btlint {

struct ConfigBinding {
  enum class Kind { AutotuneConfig, Launch, Defaults };
  Kind kind = Kind::Defaults;
  const Config *config = nullptr; // the autotune config, for its expansion
  const ConfigList *list = nullptr;
  const LaunchSite *launch = nullptr;
  std::shared_ptr<const Config> launchValues; // what a launch passes

  // What evaluateDim reads: the autotune config itself (not a copy), the
  // launch's values, or nothing (the defaults).
  const Config &values() const;
};

// A kernel's autotune configs, or one binding per launch of it in the file,
// then its defaults (parameters no config or heuristic sets). Built once per
// kernel (kept in its scratch) for the rules that judge its tiles.
const std::vector<ConfigBinding> &configBindingsOf(const Kernel &kernel, const RuleContext &context);
// One config of a list (an autotune list or a YAML tuning table).
ConfigBinding autotuneBinding(const Config &config, const ConfigList &list);


// The values of every dimension of every tile of `kernel` (in the order of
// kernel.tiles and their dims) under each of its bindings, one row per
// binding of configBindingsOf: the tile rules read the same values, and each
// is computed once for all of them (kept in the kernel's scratch).
DimValueCache &tileValuesOf(const Kernel &kernel, const RuleContext &context);

// Calls judge(binding) for each binding of `kernel`, with `values` (from
// tileValuesOf) bound to it; judge returns true when something was wrong
// under the binding. An autotune config whose tile sizes (values.key())
// equal those of an earlier config under which nothing was wrong is skipped:
// configs that differ only in num_warps or num_stages share their tiles.
template <typename Judge>
void judgeBindings(const Kernel &kernel, const RuleContext &context, DimValueCache &values, Judge &&judge) {
  // Rows under which nothing was wrong, in the order of their keys (the
  // table keeps every row's key: no copies).
  std::vector<size_t> clean;
  auto keyBefore = [&](size_t row, const std::vector<std::optional<int64_t>> &key) { return values.keyOf(row) < key; };
  const std::vector<ConfigBinding> &bindings = configBindingsOf(kernel, context);
  for (size_t row = 0; row < bindings.size(); ++row) {
    const ConfigBinding &binding = bindings[row];
    values.bindRow(row, binding.values(), kernel);
    const bool keyed = binding.kind == ConfigBinding::Kind::AutotuneConfig;
    auto at = keyed ? std::lower_bound(clean.begin(), clean.end(), values.key(), keyBefore) : clean.end();
    if (keyed && at != clean.end() && values.keyOf(*at) == values.key()) continue;
    if (!judge(binding) && keyed) clean.insert(at, row);
  }
}

// Kernel parameters a tile extent reads, each once, in order.
std::vector<std::string> paramsRead(const TileDim &dim);
std::vector<std::string> paramsRead(const std::vector<TileDim> &dims);

// setElsewhere's search of the heuristics and the autotune configs.
bool setElsewhereSearched(const std::string &name, const Kernel &kernel, const ConfigBinding &binding);
// Whether `name` gets its value from somewhere the binding does not show: a
// heuristic (computed at run time, it overrides the rest), or, for the
// defaults binding, an autotune config. Asked for every parameter of every
// dimension under every binding: the usual answer (no heuristics, a config
// or launch binding) comes without a call.
inline bool setElsewhere(const std::string &name, const Kernel &kernel, const ConfigBinding &binding) {
  if (kernel.heuristics.empty() && binding.kind != ConfigBinding::Kind::Defaults) return false;
  return setElsewhereSearched(name, kernel, binding);
}

// Where a parameter's value under a binding was written, and how to say so.
struct ValueOrigin {
  SourceSpan span;
  std::string phrase; // "config 3 sets `BLOCK_N` to 96"
};
std::optional<ValueOrigin> originOf(const std::string &name, const ConfigBinding &binding, const Kernel &kernel);

// Where to report a finding that several parameters of a binding cause, and
// how to name the binding ("config 3", "the launch of `k`").
SourceSpan bindingSpan(const ConfigBinding &binding, const Kernel &kernel);
std::string bindingName(const ConfigBinding &binding, const Kernel &kernel);

} // namespace btlint
