#include "rules/ConfigUses.h"
#include "rules/Rule.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace btlint {
namespace {

// A meta-parameter the configs set, with the integer value each config gives it.
struct TunedTile {
  std::string name;
  std::vector<std::pair<const Config *, int64_t>> valueByConfig;

  bool varies() const {
    for (const auto &[config, value] : valueByConfig)
      if (value != valueByConfig.front().second) return true;
    return false;
  }
  std::string distinctValues() const {
    std::vector<int64_t> values;
    for (const auto &entry : valueByConfig)
      if (std::find(values.begin(), values.end(), entry.second) == values.end())
        values.push_back(entry.second);
    std::sort(values.begin(), values.end());
    std::string text;
    for (size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::to_string(values[i]);
    return text;
  }
};

bool boundsALoop(const Kernel &kernel, const std::string &name) {
  if (const Param *param = kernel.findParam(name); param && param->uses.count(ParamUse::LoopBound))
    return true;
  for (const Loop &loop : kernel.loops)
    if (std::find(loop.boundParams.begin(), loop.boundParams.end(), name) != loop.boundParams.end())
      return true;
  return false;
}

// Tile sizes the autotuner picks that decide how much work one program does:
// they size a tile and do not step a loop inside the kernel (a K-loop step
// such as BLOCK_K never changes the grid).
std::vector<TunedTile> programTiles(const Kernel &kernel) {
  std::map<std::string, TunedTile> byName;
  for (const Config &config : kernel.autotune->configs.configs)
    for (const auto &[name, value] : config.params) {
      if (!value.isInt()) continue;
      TunedTile &tile = byName[name];
      tile.name = name;
      tile.valueByConfig.push_back({&config, value.asInt()});
    }
  std::vector<TunedTile> tiles;
  for (auto &[name, tile] : byName) {
    const Param *param = kernel.findParam(name);
    if (!param || !param->uses.count(ParamUse::TileExtent) || boundsALoop(kernel, name)) continue;
    tiles.push_back(std::move(tile));
  }
  return tiles;
}

// True when a launch argument hands a parameter the autotuner does not tune
// the same text the grid divides by: the kernel's per-program extent is then
// fixed by the caller on purpose and the grid agrees with it.
bool divisorMatchesFixedArgument(const GridDivisor &divisor, const LaunchSite &launch,
                                 const Kernel &kernel, const std::vector<TunedTile> &tiles) {
  for (const LaunchArgument &argument : launch.arguments) {
    const std::string_view name = kernel.paramNameOf(argument);
    const bool tuned = std::any_of(tiles.begin(), tiles.end(),
                                   [&](const TunedTile &tile) { return tile.name == name; });
    if (tuned) continue;
    if (argument.text == divisor.text) return true;
    if (argument.value.isInt() && divisor.value.isInt() &&
        argument.value.asInt() == divisor.value.asInt())
      return true;
  }
  return false;
}

class GridIgnoresConfig : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "grid-ignores-config";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.measure = Measure::Throughput;
    info.summary = "an autotuned kernel's grid uses a fixed block size instead of the chosen config";
    info.doc.whatItDoes =
        "Reports a launch of an autotuned kernel whose grid divides the problem size by a fixed "
        "number (a literal, or a launcher variable named like the tuned parameter) while the "
        "configs choose that block size. Only tile sizes that set how much work one program "
        "does are considered: a size that steps a loop inside the kernel (a K-loop's `BLOCK_K`) "
        "never changes the grid, and a fixed per-program extent passed to the kernel by the "
        "same launch is consistent by construction. Persistent grids (`(NUM_SMS,)`) divide "
        "nothing and are not reported.";
    info.doc.whyItMatters =
        "The grid is computed before the autotuner picks a config. With `cdiv(n, 1024)` and a "
        "config of `BLOCK_SIZE=512`, half of the programs that are needed are never launched "
        "and half of the output is never written, with no error; configs larger than the fixed "
        "size launch programs that only run masked-off lanes. The autotuner then times these "
        "wrong or wasteful launches and may pick one.";
    info.doc.example = "@triton.autotune(configs=[triton.Config({\"BLOCK_SIZE\": b}) for b in "
                       "(512, 1024, 2048)], key=[\"n\"])\n"
                       "@triton.jit\n"
                       "def scale_kernel(x_ptr, n, BLOCK_SIZE: tl.constexpr):\n"
                       "    ...\n\n"
                       "scale_kernel[(triton.cdiv(n, 1024),)](x, n)\n";
    info.doc.useInstead = "scale_kernel[lambda meta: (triton.cdiv(n, meta[\"BLOCK_SIZE\"]),)](x, n)\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const LaunchSite &launch : context.file().launches) {
      const Kernel *kernel = context.calledKernel(launch);
      if (!kernel || !kernel->autotune || kernel->autotune->configs.configs.empty()) continue;
      // A grid that reads every extent from `meta` follows the configs.
      if (std::all_of(launch.gridDivisors.begin(), launch.gridDivisors.end(),
                      [](const GridDivisor &divisor) { return divisor.readsMeta; }))
        continue;
      const std::vector<TunedTile> tiles = programTiles(*kernel);
      if (tiles.empty()) continue;
      for (const GridDivisor &divisor : launch.gridDivisors) {
        if (divisor.readsMeta) continue;
        if (const TunedTile *tile = tileNamedLike(divisor, tiles)) {
          // A known value that every config agrees with is consistent; an
          // unknown one can only be wrong when the configs disagree.
          const bool inconsistent =
              divisor.value.isInt()
                  ? std::any_of(tile->valueByConfig.begin(), tile->valueByConfig.end(),
                                [&](const auto &entry) { return entry.second != divisor.value.asInt(); })
                  : tile->varies();
          if (inconsistent) reportFixedDivisor(context, divisor, *tile, *kernel);
          continue;
        }
        if (!divisor.value.isInt() || divisorMatchesFixedArgument(divisor, launch, *kernel, tiles))
          continue;
        const int64_t fixed = divisor.value.asInt();
        for (const TunedTile &tile : tiles) {
          const bool differs = std::any_of(tile.valueByConfig.begin(), tile.valueByConfig.end(),
                                           [&](const auto &entry) { return entry.second != fixed; });
          if (!differs || !tile.varies()) continue;
          reportFixedDivisor(context, divisor, tile, *kernel);
          break;
        }
      }
    }
  }

private:
  // A launcher variable spelled like the tuned parameter (`BLOCK_SIZE = 1024`
  // then `cdiv(n, BLOCK_SIZE)`) is the fixed copy of what the configs choose.
  static const TunedTile *tileNamedLike(const GridDivisor &divisor,
                                        const std::vector<TunedTile> &tiles) {
    for (const TunedTile &tile : tiles)
      if (divisor.text == tile.name) return &tile;
    return nullptr;
  }

  static void reportFixedDivisor(RuleContext &context, const GridDivisor &divisor,
                                 const TunedTile &tile, const Kernel &kernel) {
    const std::string what = divisor.value.isInt()
                                 ? "`" + divisor.text + "`" +
                                       (divisor.text == divisor.value.str()
                                            ? ""
                                            : " (" + divisor.value.str() + ")")
                                 : "`" + divisor.text + "`";
    auto diagnostic = context.report(
        divisor.span, "the grid divides by " + what +
                          ", a fixed block size, but the autotuner of `" + kernel.name +
                          "` picks `" + tile.name + "` per config (" + tile.distinctValues() + ")");
    diagnostic.about(kernel);
    if (divisor.value.isInt()) {
      const int64_t fixed = divisor.value.asInt();
      // The configs the grid leaves short: each sets a smaller block.
      std::vector<const Config *> shortConfigs;
      for (const auto &[config, value] : tile.valueByConfig)
        if (value < fixed) shortConfigs.push_back(config);
      diagnostic.about(kernel, shortConfigs);
      for (const auto &[config, value] : tile.valueByConfig) {
        if (value >= fixed) continue;
        diagnostic.note("config " + std::to_string(config->index + 1) + " sets `" + tile.name +
                        "` to " + std::to_string(value) +
                        ": the grid launches too few programs and part of the output is never "
                        "computed");
        break;
      }
    }
    diagnostic.note("read the block size from the grid's `meta` argument: `meta[\"" + tile.name +
                    "\"]`");
  }
};

BTLINT_REGISTER_RULE(GridIgnoresConfig);

} // namespace
} // namespace btlint
