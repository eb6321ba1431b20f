#include "resources/ConfigChecks.h"
#include "eval/TileEval.h"
#include "rules/ConfigUses.h"
#include "rules/Rule.h"
#include "rules/TableKernels.h"
#include "rules/MergeAtLiteral.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {
using resources::isPowerOfTwo;



std::string shapeRequirement(TileSource source) {
  return source == TileSource::Arange ? "`tl.arange` needs a power-of-two range"
                                      : "tile shapes need powers of two";
}

std::string nearestPowersOfTwo(int64_t value) {
  if (value <= 1) return "1";
  int64_t below = 1;
  while (below * 2 < value) below *= 2;
  return std::to_string(below) + " and " + std::to_string(below * 2);
}

using Finding = LiteralFinding;

class TileNotPowerOfTwo : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "tile-not-power-of-two";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.upstreamOnly = true;
    info.measure = Measure::CompileFails;
    info.summary = "a tile extent that is not a power of two";
    info.doc.whatItDoes =
        "Evaluates every tile shape of a Triton kernel (`tl.arange` ranges, `tl.zeros`/`tl.full` "
        "shapes, reshapes, block pointers, `tl.dot` operands) under each autotune config, each "
        "launch's keyword and positional values, and the parameters' defaults, and reports a "
        "dimension that is not a power of two. The finding points at the literal that produced "
        "the value: the config entry, the launch argument or the default. Parameters that never "
        "size a tile (`GROUP_M`, `SPLIT_K`) may take any value; values only known at run time "
        "(`triton.next_power_of_2(n)`, `@triton.heuristics`) are not judged, and a tile made in "
        "an `if` arm on a parameter is judged only under the uses that turn the arm on (a "
        "default of 0 for a width used only under a flag that defaults to off is never built). A "
        "dimension of 0 (`tl.zeros([0], ...)`, an empty placeholder in the arm a flag turns off) "
        "passes Triton's front end but fails its lowering to the GPU (Triton 3.6.0, sm90): it is "
        "reported as an empty tile wherever a config or launch compiles its arm. A config the `prune_configs_by` pruner drops by a test on its own values (`config.kwargs[\"B_c\"] != 0` in the test that filters the list, also in a predicate helper it calls there) is not judged: it never runs.";
    info.doc.whyItMatters =
        "Triton lays tiles out over threads in power-of-two blocks and rejects anything else at "
        "compile time (`arange's range must be a power of 2`, `Shape element 0 must be a power "
        "of 2`). In an autotune list the failing config is dropped without a word (the "
        "sweep just gets smaller); at a launch or in a default, the kernel never compiles. To "
        "cover a size like 96, round the tile up to 128 and mask the tail.";
    info.doc.example = "configs = [triton.Config({\"BLOCK_N\": bn}, num_warps=4) for bn in (64, 96, 128)]\n";
    info.doc.useInstead = "configs = [triton.Config({\"BLOCK_N\": bn}, num_warps=4) for bn in (64, 128, 256)]\n";
    return info;
  }

  void check(RuleContext &context) const override {
    FindingsAtLiterals<Finding> findings;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language == Language::Yaml) {
        checkTable(kernel, context, findings);
        continue;
      }
      if (kernel.language != Language::Python) continue; // CUDA accepts any extent
      // The parameters each dimension reads, once per kernel rather than per use.
      std::vector<std::vector<std::string>> dimParams;
      for (const TileShape &tile : kernel.tiles)
        for (const TileDim &dim : tile.dims) dimParams.push_back(paramsRead(dim));
      DimValueCache &values = tileValuesOf(kernel, context);
      const std::vector<ConfigUse> &uses = context.file().configUsesOf(kernel);
      const bool usesBesideDefaults = std::any_of(uses.begin(), uses.end(), [](const ConfigUse &use) {
        return use.source != ConfigUse::Source::Defaults;
      });
      judgeUses(kernel, context, values, [&](const ConfigUse &use) {
        bool flagged = false;
        size_t next = 0;
        for (const TileShape &tile : kernel.tiles)
          for (const TileDim &dim : tile.dims) {
            flagged |= checkDim(kernel, tile, dim, dimParams[next], use, findings, &values, next, nullptr, {},
                                usesBesideDefaults);
            ++next;
          }
        return flagged;
      });
    }
    reportFindings(context, findings);
  }

private:
  // A YAML tuning table: its configs bind the tiles of the Python kernel of
  // that name defined elsewhere in the run (none: nothing to check). Only
  // values the table itself sets are reported, at the table.
  static void checkTable(const Kernel &table, const RuleContext &context, FindingsAtLiterals<Finding> &findings) {
    if (!table.autotune) return;
    const Kernel *definition = nullptr;
    for (const Kernel *k : kernelsWithSignature(table, context.project()))
      if (k->language == Language::Python && !definition) definition = k;
    if (!definition) return;
    const std::string definitionPath = context.project().pathOf(*definition);
    for (const ConfigUse &use : context.file().configUsesOf(table)) {
      if (use.source != ConfigUse::Source::AutotuneConfig) continue;
      for (const TileShape &tile : definition->tiles)
        for (const TileDim &dim : tile.dims) {
          const std::vector<std::string> params = paramsRead(dim);
          const bool setByTable = !params.empty() && std::all_of(params.begin(), params.end(), [&](const auto &n) {
            return use.listed->params.count(n) != 0;
          });
          if (setByTable)
            checkDim(*definition, tile, dim, params, use, findings, nullptr, 0, &table, definitionPath);
        }
    }
  }

  // `params`: what paramsRead(dim) gives. `values`, when given, holds the
  // use's dimension values and `dim` is its dimension `index`. `table`: the
  // YAML table whose config `use` is, when not `kernel`'s own, and
  // `definitionPath` the file defining `kernel`. True when the dimension's
  // value is not a power of two.
  static bool checkDim(const Kernel &kernel, const TileShape &tile, const TileDim &dim,
                       const std::vector<std::string> &params, const ConfigUse &use,
                       FindingsAtLiterals<Finding> &findings,
                       DimValueCache *values, size_t index, const Kernel *table = nullptr,
                       const std::string &definitionPath = {}, bool usesBesideDefaults = false) {
    const bool inTable = table != nullptr;
    for (const std::string &name : params)
      if (setElsewhere(name, kernel, use)) return false;
    // Made in an `if` arm this use compiles out (`if SHUFFLED:` with the
    // flag off): the tile is never built.
    if (!guardsHold(tile.guards, use.values(), kernel)) return false;
    // A constant dimension is the same under every use: judge it once, under
    // the defaults; made in an arm a parameter decides (`if HAS_SINKS: ...
    // else: tl.zeros([0])`), under the configs and launches that compile it.
    if (params.empty() && (tile.guards.empty() || !usesBesideDefaults) &&
        use.source != ConfigUse::Source::Defaults)
      return false;
    if (params.empty() && !tile.guards.empty() && usesBesideDefaults && use.source == ConfigUse::Source::Defaults)
      return false;
    const std::optional<int64_t> value =
        values ? values->value(index) : evaluateDim(dim, use.values(), kernel);
    if (!value || isPowerOfTwo(*value)) return false;

    Finding finding;
    std::string cause;
    if (params.empty()) {
      finding.span = dim.span;
      cause = "the tile dimension `" + dim.text + "` is " + std::to_string(*value);
    } else if (params.size() == 1) {
      const std::optional<ValueOrigin> origin = originOf(params.front(), use, kernel);
      if (!origin) return true;
      finding.span = origin->span;
      cause = origin->phrase;
      if (dim.text != params.front())
        cause += ", so the tile dimension `" + dim.text + "` is " + std::to_string(*value);
    } else {
      finding.span = useSpan(use, kernel);
      cause = useName(use, kernel) + " makes the tile dimension `" + dim.text + "` " +
              std::to_string(*value);
    }
    auto [found, fresh] = findings.at(finding.span);
    if (!fresh) {
      addConfig(found.configs, use.listed);
      return true;
    }
    // An empty tile passes the front end's power-of-two test (0 & -1 is 0)
    // and fails later: Triton 3.6.0 stops in ConvertTritonToTritonGPU
    // (measured for sm90, `tl.zeros([0], ...)` in a compiled arm).
    finding.message = *value == 0 ? cause + ": an empty tile, which Triton fails to compile for the GPU"
                                  : cause + ", not a power of two; " + shapeRequirement(tile.source);
    if (use.listed && !use.listed->expansion.empty())
      finding.notes.push_back(use.listed->expansion.note());
    if (inTable && tile.span.valid())
      finding.notes.push_back(Note("the tile is made at line " + std::to_string(tile.span.line) + " of `" +
                                       kernel.name + "`'s definition",
                                   definitionPath.empty() ? SourceSpan() : tile.span, definitionPath));
    else if (tile.span.valid() && tile.span.line != finding.span.line)
      finding.notes.push_back(Note("the tile is made at line " + std::to_string(tile.span.line), tile.span));
    if (*value > 0) finding.notes.push_back("the nearest powers of two are " + nearestPowersOfTwo(*value));
    finding.kernel = inTable ? table : &kernel;
    if (use.listed) finding.configs.push_back(use.listed);
    found = std::move(finding);
    return true;
  }
};

BTLINT_REGISTER_RULE(TileNotPowerOfTwo);

} // namespace
} // namespace btlint
