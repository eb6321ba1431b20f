#include "resources/ConfigChecks.h"
#include "rules/Rule.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace btlint {
namespace {
using resources::allKnown;
using resources::configIdentity;
using resources::identityHash;
using resources::runTheSame;


bool isHorizontalSpace(char c) { return c == ' ' || c == '\t'; }

// Deletes one element of a literal list: the whole line(s) when the element
// stands alone on them, else the element and one adjacent comma.
std::optional<Fix> deleteListElement(const SourceSpan &span, const std::string &source) {
  size_t start = span.startByte;
  size_t end = span.endByte;
  if (!span.valid() || start >= end || end > source.size()) return std::nullopt;

  size_t afterElement = end;
  while (afterElement < source.size() && isHorizontalSpace(source[afterElement])) ++afterElement;
  const bool trailingComma = afterElement < source.size() && source[afterElement] == ',';
  size_t afterComma = trailingComma ? afterElement + 1 : afterElement;
  while (afterComma < source.size() && isHorizontalSpace(source[afterComma])) ++afterComma;

  size_t lineStart = start;
  while (lineStart > 0 && isHorizontalSpace(source[lineStart - 1])) --lineStart;
  const bool aloneBefore = lineStart == 0 || source[lineStart - 1] == '\n';
  const bool aloneAfter = afterComma >= source.size() || source[afterComma] == '\n';

  TextEdit edit;
  if (aloneBefore && aloneAfter && trailingComma) {
    edit.startByte = static_cast<uint32_t>(lineStart);
    edit.endByte = static_cast<uint32_t>(afterComma < source.size() ? afterComma + 1 : afterComma);
  } else if (trailingComma && !aloneAfter) {
    edit.startByte = static_cast<uint32_t>(start);
    edit.endByte = static_cast<uint32_t>(afterComma);
  } else {
    // Last element without a trailing comma: take the comma before it.
    size_t before = start;
    while (before > 0 && std::isspace(static_cast<unsigned char>(source[before - 1]))) --before;
    if (before == 0 || source[before - 1] != ',') return std::nullopt;
    edit.startByte = static_cast<uint32_t>(before - 1);
    edit.endByte = static_cast<uint32_t>(end);
  }
  Fix fix;
  fix.description = "delete the duplicate config";
  fix.safe = true;
  fix.edits.push_back(std::move(edit));
  return fix;
}

std::string configLabel(const Config &config) { return "config " + std::to_string(config.index + 1); }

class DuplicateConfig : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "duplicate-config";
    info.category = RuleCategory::Tuning;
    info.defaultSeverity = Severity::Warning;
    info.summary = "two autotune configs are identical after expansion";
    info.doc.whatItDoes =
        "Reports a config that sets the same meta-parameters, `num_warps`, `num_stages`, "
        "`num_ctas` and `maxnreg` as an earlier config of the same list, after comprehensions, "
        "helpers and concatenations are expanded. Options left out count as triton.Config's "
        "defaults (`num_warps=4`, `num_stages=3`, `num_ctas=1`). A CUDA config table (a constant "
        "array of structs) compares rows field by field, a field left out taking its default "
        "member initializer. Configs with a value the evaluator could not resolve are never "
        "compared. The finding points at the duplicate as written: the element of a literal "
        "list, the row of a table a comprehension unpacks (`for m, n, k, s, w in TABLE`, with a "
        "note at the earlier row), else the expression that made it; duplicates one expression "
        "makes from a single loop (`min(bn, 1024)`) share one finding there. A config the `prune_configs_by` pruner drops by a test on its own values (`config.kwargs[\"B_c\"] != 0` in the test that filters the list, also in a predicate helper it calls there) is not judged: it never runs.";
    info.doc.whyItMatters =
        "The autotuner compiles and benchmarks every entry, so a duplicate doubles that "
        "config's share of the tuning pause and adds nothing. Duplicates usually betray a "
        "mistake: a comprehension that clamps a tile (`min(b, 1024)`) and folds several sizes "
        "into one, two concatenated lists that overlap, or a copied line that was meant to be "
        "edited.";
    info.doc.example = "configs = [\n"
                       "    triton.Config({\"BLOCK_SIZE\": 1024}, num_warps=4),\n"
                       "    triton.Config({\"BLOCK_SIZE\": 2048}, num_warps=8),\n"
                       "    triton.Config({\"BLOCK_SIZE\": 1024}, num_warps=4),\n"
                       "]\n";
    info.doc.useInstead = "configs = [\n"
                          "    triton.Config({\"BLOCK_SIZE\": 1024}, num_warps=4),\n"
                          "    triton.Config({\"BLOCK_SIZE\": 2048}, num_warps=8),\n"
                          "]\n";
    info.doc.fixSafety =
        "Safe, and offered only when the duplicate is written out as an element of a literal "
        "list in the analysed file: deleting it leaves the earlier, identical config, so the "
        "autotuner chooses from the same set. Duplicates produced by a comprehension or a helper "
        "have no single element to delete and get no fix.";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const Kernel &kernel : context.file().kernels) {
      if (!kernel.autotune) continue;
      const ConfigList &list = kernel.autotune->configs;
      const bool tritonOptions = kernel.language != Language::Cuda;
      // The configs with every value known, by identity hash (then position):
      // only configs of one hash can run the same. Each config's original is
      // the first earlier config of its hash that runs the same.
      std::vector<std::pair<size_t, size_t>> byHash;
      byHash.reserve(list.configs.size());
      // A config the pruner drops by a test on its own values never runs.
      for (size_t i = 0; i < list.configs.size(); ++i)
        if (allKnown(list.configs[i], tritonOptions) && !failedPrunerKeep(*kernel.autotune, list.configs[i]))
          byHash.emplace_back(identityHash(list.configs[i], tritonOptions), i);
      std::sort(byHash.begin(), byHash.end());
      std::vector<const Config *> originalOf(list.configs.size(), nullptr);
      for (size_t first = 0, end = 0; first < byHash.size(); first = end) {
        while (end < byHash.size() && byHash[end].first == byHash[first].first) ++end;
        for (size_t k = first + 1; k < end; ++k) {
          const Config &config = list.configs[byHash[k].second];
          for (size_t j = first; j < k; ++j) {
            const Config &earlier = list.configs[byHash[j].second];
            if (originalOf[byHash[j].second] || !runTheSame(earlier, config, tritonOptions)) continue;
            originalOf[byHash[k].second] = &earlier;
            break;
          }
        }
      }
      // Duplicates that come from the same expression (a comprehension) share
      // one finding at that expression.
      std::map<std::pair<uint32_t, uint32_t>, std::vector<const Config *>> duplicatesBySpan;
      std::vector<std::pair<const Config *, const Config *>> findings;
      for (size_t i = 0; i < list.configs.size(); ++i) {
        const Config &config = list.configs[i];
        const Config *original = originalOf[i];
        if (!original) continue;
        const SourceSpan span = reportSpan(config, list);
        auto &group = duplicatesBySpan[{span.line, span.column}];
        group.push_back(&config);
        if (group.size() == 1) findings.push_back({&config, original});
      }

      for (const auto &[duplicate, original] : findings) {
        const SourceSpan span = reportSpan(*duplicate, list);
        const auto &group = duplicatesBySpan[{span.line, span.column}];
        auto diagnostic = context.report(span, configLabel(*duplicate) + " is identical to " +
                                                   configLabel(*original));
        std::vector<const Config *> named{duplicate, original};
        named.insert(named.end(), group.begin() + 1, group.end());
        diagnostic.about(kernel, named);
        diagnostic.note("both run with `" + *configIdentity(*duplicate, tritonOptions) + "`");
        if (!duplicate->expansion.empty()) diagnostic.note(duplicate->expansion);
        if (!original->expansion.empty()) diagnostic.note(original->expansion);
        if (original->sourcePath.empty())
          if (std::optional<SourceSpan> row = tableRow(*original))
            diagnostic.note(configLabel(*original) + " is the row at line " + std::to_string(row->line), *row);
        if (group.size() > 1) {
          std::string others;
          for (size_t i = 1; i < group.size(); ++i)
            others += (i == 1 ? "" : ", ") + std::to_string(group[i]->index + 1);
          diagnostic.note("the same expression also repeats an earlier config as config" +
                          std::string(group.size() > 2 ? "s " : " ") + others);
        }
        if (duplicate->literalElement && duplicate->sourcePath.empty())
          if (std::optional<Fix> fix = deleteListElement(duplicate->span, context.source()))
            diagnostic.fix(std::move(*fix));
      }
    }
  }

private:
  static SourceSpan reportSpan(const Config &config, const ConfigList &list) {
    if (!config.sourcePath.empty() || !config.span.valid()) return list.span;
    if (std::optional<SourceSpan> row = tableRow(config)) return *row;
    return config.span;
  }

  // A config a comprehension builds from one row of a table written
  // elsewhere (`for m, n, k, s, w in kernel_configs`): the row, when the
  // values taken from outside the config's expression are several and were
  // all written on one other line. That row repeats an earlier one, not the
  // comprehension; one value from elsewhere (a constant, a loop's tuple) is
  // no row.
  static std::optional<SourceSpan> tableRow(const Config &config) {
    std::optional<SourceSpan> row;
    int fromRow = 0;
    auto take = [&](const ScalarValue &value) {
      const SourceSpan &at = value.span();
      if (!at.valid() || (at.startByte >= config.span.startByte && at.endByte <= config.span.endByte)) return true;
      ++fromRow;
      if (!row) {
        row = at;
        return at.line != config.span.line;
      }
      if (at.line != row->line) return false;
      if (at.startByte < row->startByte) {
        row->startByte = at.startByte;
        row->column = at.column;
      }
      if (at.endByte > row->endByte) {
        row->endByte = at.endByte;
        row->endColumn = at.endColumn;
        row->endLine = at.endLine;
      }
      return true;
    };
    for (const auto &[name, value] : config.params)
      if (!take(value)) return std::nullopt;
    for (const std::optional<ScalarValue> *option : {&config.numWarps, &config.numStages, &config.numCtas, &config.maxnreg})
      if (*option && !take(**option)) return std::nullopt;
    if (fromRow < 2) return std::nullopt;
    return row;
  }
};

BTLINT_REGISTER_RULE(DuplicateConfig);

} // namespace
} // namespace btlint
