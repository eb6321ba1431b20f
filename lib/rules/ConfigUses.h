#pragma once
// What the rules share to judge a kernel under each of its config uses
// (FileModel::configUsesOf): the tile values under each use, where a value
// came from and how to name the use, and the caches of one file's rules.
#include "eval/TileEval.h"
#include "model/KernelModel.h"
#include "resources/ConfigVerdict.h"
#include "rules/Rule.h"

#include <map>
#include <memory>
#include <optional>
#include <algorithm>
#include <string>
#include <vector>

namespace btlint {

// What several rules keep while one file's rules run on one arch: the
// resource verdicts (resources::VerdictCache) and the tile values under each
// config use. The engine makes one per file and arch (RuleContext::caches).
struct AnalysisCaches {
  resources::VerdictCache verdicts;
  std::map<const Kernel *, std::unique_ptr<DimValueCache>> tileValues;
};

// The values of every dimension of every tile of `kernel` (in the order of
// kernel.tiles and their dims) under each of its config uses, one row per
// use of FileModel::configUsesOf: the tile rules read the same values, and
// each is computed once for all of them (kept in the context's caches).
DimValueCache &tileValuesOf(const Kernel &kernel, const RuleContext &context);

// Calls judge(use) for each config use of `kernel`, with `values` (from
// tileValuesOf) bound to it; judge returns true when something was wrong
// under the use. An autotune config whose tile sizes (values.key())
// equal those of an earlier config under which nothing was wrong is skipped:
// configs that differ only in num_warps or num_stages share their tiles.
template <typename Judge>
void judgeUses(const Kernel &kernel, const RuleContext &context, DimValueCache &values, Judge &&judge) {
  // Rows under which nothing was wrong, in the order of their keys (the
  // table keeps every row's key: no copies).
  std::vector<size_t> clean;
  auto keyBefore = [&](size_t row, const std::vector<std::optional<int64_t>> &key) { return values.keyOf(row) < key; };
  const std::vector<ConfigUse> &uses = context.file().configUsesOf(kernel);
  for (size_t row = 0; row < uses.size(); ++row) {
    const ConfigUse &use = uses[row];
    values.bindRow(row, use.values(), kernel);
    const bool keyed = use.source == ConfigUse::Source::AutotuneConfig;
    auto at = keyed ? std::lower_bound(clean.begin(), clean.end(), values.key(), keyBefore) : clean.end();
    if (keyed && at != clean.end() && values.keyOf(*at) == values.key()) continue;
    if (!judge(use) && keyed) clean.insert(at, row);
  }
}

// Kernel parameters a tile extent reads, each once, in order.
std::vector<std::string> paramsRead(const TileDim &dim);
std::vector<std::string> paramsRead(const std::vector<TileDim> &dims);

// setElsewhere's search of the heuristics and the autotune configs.
bool setElsewhereSearched(const std::string &name, const Kernel &kernel, const ConfigUse &use);
// Whether `name` gets its value from somewhere the use does not show: a
// heuristic (computed at run time, it overrides the rest), or, for the
// defaults, an autotune config. Asked for every parameter of every dimension
// under every use: the usual answer (no heuristics, a config or a launch)
// comes without a call.
inline bool setElsewhere(const std::string &name, const Kernel &kernel, const ConfigUse &use) {
  if (kernel.heuristics.empty() && use.source != ConfigUse::Source::Defaults) return false;
  return setElsewhereSearched(name, kernel, use);
}

// Where a parameter's value under a use was written, and how to say so.
struct ValueOrigin {
  SourceSpan span;
  std::string phrase; // "config 3 sets `BLOCK_N` to 96"
};
std::optional<ValueOrigin> originOf(const std::string &name, const ConfigUse &use, const Kernel &kernel);

// Where to report a finding that several parameters of a use cause, and how
// to name the use ("config 3", "the launch of `k`").
SourceSpan useSpan(const ConfigUse &use, const Kernel &kernel);
std::string useName(const ConfigUse &use, const Kernel &kernel);

} // namespace btlint
