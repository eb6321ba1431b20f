#include "eval/TileEval.h"
#include "rules/ConfigUses.h"
#include "rules/MergeAtLiteral.h"
#include "rules/Rule.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {

// TRITON_MAX_TENSOR_NUMEL in triton/language/core.py (Triton 3.6): the most
// elements one tensor may have; larger shapes fail at compile time.
constexpr int64_t kMaxTensorNumel = 1048576;


// Where the single parameter behind an oversized tile got its value.
std::optional<SourceSpan> valueSpan(const std::string &name, const ConfigUse &use,
                                    const Kernel &kernel) {
  if (auto found = use.values().params.find(name); found != use.values().params.end()) {
    if (use.source == ConfigUse::Source::AutotuneConfig && !use.listed->sourcePath.empty())
      return use.list->span;
    return found->second.span().valid() ? std::optional<SourceSpan>(found->second.span()) : std::nullopt;
  }
  const Param *param = kernel.findParam(name);
  if (!param || !param->defaultValue) return std::nullopt;
  return param->defaultValue->span().valid() ? param->defaultValue->span() : param->span;
}

std::string shapeText(const std::vector<TileDim> &dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) text += (i ? ", " : "") + dims[i].text;
  return text + "]";
}

using Finding = LiteralFinding;

class TileNumelTooLarge : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "tile-numel-too-large";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.upstreamOnly = true;
    info.measure = Measure::CompileFails;
    info.summary = "a tile with more elements than Triton allows in one tensor (1048576)";
    info.doc.whatItDoes =
        "Multiplies out every tile shape of a Triton kernel under each autotune config, each "
        "launch's values and the parameters' defaults, and reports a tile of more than "
        "1048576 (2**20) elements. A single-parameter tile is reported at the value that sized "
        "it; a tile of several parameters at the config or launch that set them.";
    info.doc.whyItMatters =
        "Triton refuses tensors over 2**20 elements at compile time (`numel (2097152) exceeds "
        "triton maximum tensor numel (1048576)`). Inside an autotune list such a config is "
        "skipped silently, so the sweep is smaller than it reads; at a launch the kernel does "
        "not compile. Long before that limit, a tile of a million fp32 values cannot live in "
        "registers: a row that wide needs a loop over blocks instead of one tile.";
    info.doc.example = "configs = [triton.Config({\"BLOCK_M\": bm, \"BLOCK_N\": bn}) for bm in (256, 1024) "
                       "for bn in (256, 2048)]\n"
                       "...\n"
                       "acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)\n";
    info.doc.useInstead = "configs = [triton.Config({\"BLOCK_M\": bm, \"BLOCK_N\": bn}) for bm in (64, 128) "
                          "for bn in (64, 256)]\n"
                          "...\n"
                          "acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)\n";
    return info;
  }

  void check(RuleContext &context) const override {
    FindingsAtLiterals<Finding> findings;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language != Language::Python) continue;
      // The parameters each tile reads, once per kernel rather than per use.
      std::vector<std::vector<std::string>> tileParams;
      std::vector<size_t> firstDim; // index of each tile's first dimension in tileValuesOf
      size_t dims = 0;
      for (const TileShape &tile : kernel.tiles) {
        tileParams.push_back(paramsRead(tile.dims));
        firstDim.push_back(dims);
        dims += tile.dims.size();
      }
      DimValueCache &values = tileValuesOf(kernel, context);
      judgeUses(kernel, context, values, [&](const ConfigUse &use) {
        bool flagged = false;
        for (size_t i = 0; i < kernel.tiles.size(); ++i)
          flagged |= checkTile(kernel, kernel.tiles[i], tileParams[i], use, values, firstDim[i], findings);
        return flagged;
      });
    }
    for (const Finding &finding : findings) {
      auto diagnostic = context.report(finding.span, finding.message);
      diagnostic.about(*finding.kernel, finding.configs);
      for (const Note &note : finding.notes) diagnostic.note(note);
      if (finding.configs.size() > 1) {
        std::string others;
        for (size_t i = 1; i < finding.configs.size(); ++i)
          others += (i == 1 ? "" : ", ") + std::to_string(finding.configs[i]->index + 1);
        const bool several = finding.configs.size() > 2;
        diagnostic.note("config" + std::string(several ? "s " : " ") + others + " from the same place " +
                        (several ? "are" : "is") + " over the limit too");
      }
    }
  }

private:
  // `params`: what paramsRead(tile.dims) gives; `values` holds the use's
  // dimension values, the tile's from index `firstDim` on. True when the tile
  // is over the limit.
  static bool checkTile(const Kernel &kernel, const TileShape &tile, const std::vector<std::string> &params,
                        const ConfigUse &use, DimValueCache &values, size_t firstDim,
                        FindingsAtLiterals<Finding> &findings) {
    if (tile.dims.empty()) return false;
    for (const std::string &name : params)
      if (setElsewhere(name, kernel, use)) return false;
    if (params.empty() && use.source != ConfigUse::Source::Defaults) return false;
    const std::optional<int64_t> numel = values.numel(firstDim, tile.dims.size());
    if (!numel || *numel <= kMaxTensorNumel) return false;

    std::string extents;
    for (size_t i = 0; i < tile.dims.size(); ++i) {
      const std::optional<int64_t> extent = values.value(firstDim + i);
      extents += (extents.empty() ? "" : " x ") + std::to_string(extent.value_or(0));
    }
    Finding finding;
    std::string subject;
    if (params.empty()) {
      finding.span = tile.span;
      subject = "the tile `" + shapeText(tile.dims) + "` has ";
    } else if (params.size() == 1) {
      const std::optional<SourceSpan> span = valueSpan(params.front(), use, kernel);
      if (!span) return true;
      finding.span = *span;
      subject = useName(use, kernel) + " makes the tile `" + shapeText(tile.dims) + "` ";
    } else {
      finding.span = useSpan(use, kernel);
      subject = useName(use, kernel) + " makes the tile `" + shapeText(tile.dims) + "` ";
    }
    auto [found, fresh] = findings.at(finding.span);
    if (!fresh) {
      addConfig(found.configs, use.listed);
      return true;
    }
    const std::string size = tile.dims.size() > 1 ? extents + " = " + std::to_string(*numel)
                                                  : std::to_string(*numel);
    finding.message = subject + size + " elements; Triton allows at most " +
                      std::to_string(kMaxTensorNumel) + " per tensor";
    if (use.listed && !use.listed->expansion.empty())
      finding.notes.push_back(use.listed->expansion.note());
    if (tile.span.valid() && tile.span.line != finding.span.line)
      finding.notes.push_back(Note("the tile is made at line " + std::to_string(tile.span.line), tile.span));
    finding.kernel = &kernel;
    if (use.listed) finding.configs.push_back(use.listed);
    found = std::move(finding);
    return true;
  }
};

BTLINT_REGISTER_RULE(TileNumelTooLarge);

} // namespace
} // namespace btlint
