#include "rules/ConfigNameAnswers.h"
#include "rules/LaunchOptions.h"
#include "rules/Rule.h"
#include "rules/Spelling.h"
#include "rules/TableKernels.h"
#include "source/Backends.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {

// The parameter the name most likely meant: close in spelling, or equal when
// case is ignored. Empty when nothing is close enough to suggest.
std::string closestParam(const std::string &name, const Kernel &kernel) {
  std::vector<std::string_view> names;
  for (const Param &param : kernel.params) names.push_back(param.name);
  return closestSpelling(name, names);
}

class ConfigUnknownParam : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "config-unknown-param";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.summary = "an autotune config sets a name that is not a parameter of the kernel";
    info.doc.whatItDoes =
        "Reports a key of a `triton.Config` dict that names no parameter of the kernel it "
        "tunes, after the config list is expanded: once per key and list, at the first config "
        "that sets it, naming every config that does; keys reported on one line for the same "
        "configs (one dict with several unknown names) make one finding that names them all. In a file "
        "written for a vendor's fork of Triton (its folder or imports say so, or `backend:` in "
        ".btlint.yaml), whose autotuners take the fork's compile options as config keys "
        "(Triton-Ascend's `multibuffer`, `unit_flag`), a name close to no parameter is reported at note "
        "level; a near miss (`BLOCK_SZIE`) stays an error on every backend. Launch options written into the dict "
        "(`num_warps`, `num_stages`, `maxnreg`, AMD's `waves_per_eu`, ...) are accepted. Silent for a "
        "key that a `prune_configs_by` pruner reads (`config.kwargs[\"tile_size\"]`) while it builds "
        "the configs that run (`triton.Config(...)` in its body or a helper): such a key is a "
        "pseudo-parameter the pruner translates into the kernel's own (`BLOCK_M`, `BLOCK_N`). A key "
        "the building pruner never reads is still reported.";
    info.doc.whyItMatters =
        "A misspelt meta-parameter never reaches the kernel. Triton rejects the unrecognised "
        "keyword when the config is launched (`KeyError: Keyword argument BLOCK_SZE was "
        "specified but unrecognised`); the autotuner skips configs that run out of resources, "
        "not this error, so the first call of the kernel fails. When the kernel has a default "
        "for the intended name, the typo also hides that the config never set it.";
    info.doc.example = "@triton.autotune(\n"
                       "    configs=[triton.Config({\"BLOCK_SZE\": 1024}, num_warps=4)],\n"
                       "    key=[\"n_elements\"],\n"
                       ")\n"
                       "@triton.jit\n"
                       "def scale_kernel(x_ptr, n_elements, BLOCK_SIZE: tl.constexpr):\n"
                       "    ...\n";
    info.doc.useInstead = "@triton.autotune(\n"
                          "    configs=[triton.Config({\"BLOCK_SIZE\": 1024}, num_warps=4)],\n"
                          "    key=[\"n_elements\"],\n"
                          ")\n"
                          "@triton.jit\n"
                          "def scale_kernel(x_ptr, n_elements, BLOCK_SIZE: tl.constexpr):\n"
                          "    ...\n";
    return info;
  }

  void check(RuleContext &context) const override {
    // A YAML table is checked against the kernel's definition elsewhere in the run.
    forEachTunedKernelWithSignature(context, [&](const Kernel &kernel, const std::vector<const Kernel *> &signatures) {
      const ConfigList &list = kernel.autotune->configs;
      // One finding per misspelt key as written: a comprehension repeats the
      // same dict for every config it produces.
      std::set<std::pair<uint32_t, uint32_t>> reportedPositions;
      // Each name judged once while the configs repeat it, for the same reason.
      ConfigNameAnswers known;
      // A pruner that builds the configs that run from the listed ones reads
      // pseudo-parameters (`tile_size`) the kernel never sees.
      const AutotuneSpec &spec = *kernel.autotune;
      std::string forkEvidence;
      const ForeignBackend *fork = forkOfFile(context.settings().backend, context.file().path,
                                              context.file().importedModules, forkEvidence);
      auto judge = [&](const std::string &name) {
        return anyHasParam(signatures, name) || launchOptionNames().count(name) ||
               (spec.prunerBuildsConfigs && spec.prunerConfigKeys.count(name));
      };
      // One finding per unknown key of the list, at the first config that
      // sets it, naming every config that does (a list written config by
      // config repeats the key in each).
      struct Unknown {
        const Config *first = nullptr;
        SourceSpan span;
        std::vector<const Config *> configs;
        std::string suggestion; // the parameter the name is closest to, if any
      };
      std::vector<std::pair<std::string, Unknown>> unknowns;
      for (const Config &config : list.configs) {
        size_t position = 0;
        for (const auto &[name, value] : config.params) {
          if (known(position++, name, judge)) continue;
          SourceSpan span = list.span;
          if (config.sourcePath.empty()) {
            auto nameSpan = config.paramNameSpans.find(name);
            if (nameSpan != config.paramNameSpans.end() && nameSpan->second.valid())
              span = nameSpan->second;
            else if (value.span().valid())
              span = value.span();
            else if (config.span.valid())
              span = config.span;
          }
          auto entry = std::find_if(unknowns.begin(), unknowns.end(), [&](const auto &u) { return u.first == name; });
          if (entry == unknowns.end()) {
            unknowns.push_back({name, Unknown{&config, span, {}, closestParam(name, *signatures.front())}});
            entry = unknowns.end() - 1;
          }
          // A comprehension repeats one dict for every config: one place.
          if (!reportedPositions.insert({span.line, span.column}).second && entry->second.first != &config) continue;
          entry->second.configs.push_back(&config);
        }
      }
      // Keys reported on one line for the same configs (a dict of several
      // unknown names, a helper's `Config(...)` written elsewhere): one
      // finding, at the first, naming them all.
      // On a fork's file a name close to no parameter may be one of the
      // fork's compile options: such names are reported apart, as notes.
      auto mayBeForkOption = [&](const Unknown &unknown) { return fork && unknown.suggestion.empty(); };
      std::vector<bool> merged(unknowns.size(), false);
      for (size_t i = 0; i < unknowns.size(); ++i) {
        if (merged[i]) continue;
        const Unknown &unknown = unknowns[i].second;
        const bool forkOptions = mayBeForkOption(unknown);
        std::vector<std::pair<std::string, std::string>> names{{unknowns[i].first, unknown.suggestion}};
        for (size_t j = i + 1; j < unknowns.size(); ++j) {
          const Unknown &other = unknowns[j].second;
          if (merged[j] || other.span.line != unknown.span.line || other.configs != unknown.configs ||
              mayBeForkOption(other) != forkOptions)
            continue;
          merged[j] = true;
          names.push_back({unknowns[j].first, other.suggestion});
        }
        const Config &config = *unknown.first;
        const size_t count = unknown.configs.size();
        std::string which = "config " + std::to_string(config.index + 1);
        if (count > 1) {
          which = "configs ";
          for (size_t k = 0; k < count; ++k)
            which += (k == 0 ? "" : k + 1 == count ? " and " : ", ") + std::to_string(unknown.configs[k]->index + 1);
        }
        std::string listed;
        for (size_t k = 0; k < names.size(); ++k)
          listed += (k == 0 ? "" : k + 1 == names.size() ? " and " : ", ") + ("`" + names[k].first + "`");
        const bool several = names.size() > 1;
        auto diagnostic = context.report(unknown.span, which + (count > 1 ? " set " : " sets ") + listed +
                                                           (several ? ", which are not parameters of `"
                                                                    : ", which is not a parameter of `") +
                                                           kernel.name + "`");
        diagnostic.about(kernel, unknown.configs);
        if (forkOptions) {
          diagnostic.atMost(Severity::Note);
          diagnostic.note("at note level: this file " + forkEvidence + ", the mark of " + fork->vendor +
                          "'s Triton fork, whose autotuner takes its compile options as config keys; " +
                          (several ? "none of these names is" : "the name is not") +
                          " close to a parameter of the kernel");
        }
        for (const auto &[name, suggestion] : names) {
          if (!suggestion.empty())
            diagnostic.note(several ? "`" + name + "`: did you mean `" + suggestion + "`?"
                                    : "did you mean `" + suggestion + "`?");
        }
        if (!config.expansion.empty()) diagnostic.note(config.expansion);
        if (!config.sourcePath.empty())
          diagnostic.note("the config is written in " + config.sourcePath + ":" + std::to_string(config.span.line),
                          config.span, config.sourcePath);
      }
    });
  }
};

BTLINT_REGISTER_RULE(ConfigUnknownParam);

} // namespace
} // namespace btlint
