#include "rules/ConfigUses.h"
#include "rules/ConfigNameAnswers.h"
#include "rules/Rule.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {

// Launch keywords that every autotuner config carries (triton.Config defaults
// them), so a value passed at the launch is always replaced.
const std::set<std::string> &configLaunchOptions() {
  static const std::set<std::string> names = {"num_warps", "num_stages", "num_ctas", "maxnreg"};
  return names;
}

struct TunedName {
  size_t configsSettingIt = 0;
  std::vector<std::string> values; // distinct, in first-seen order
};

std::string joinValues(const std::vector<std::string> &values) {
  std::string text;
  const size_t shown = std::min<size_t>(values.size(), 6);
  for (size_t i = 0; i < shown; ++i) text += (i ? ", " : "") + values[i];
  if (values.size() > shown) text += ", ...";
  return text;
}

class ConfigConflictsWithLaunch : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "config-conflicts-with-launch";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.summary = "a launch passes a meta-parameter that the autotuner also sets";
    info.doc.whatItDoes =
        "Reports a launch of an autotuned kernel that passes, by keyword or by position, a "
        "meta-parameter that the kernel's configs set. It also reports `num_warps`, "
        "`num_stages`, `num_ctas` and `maxnreg` passed at such a launch, which every config "
        "replaces.";
    info.doc.whyItMatters =
        "The autotuner owns the names its configs set. Passing one again at the launch makes "
        "Triton raise `Conflicting meta-parameters: BLOCK_M. Make sure that you don't re-define "
        "auto-tuned symbols.` on the first call. Launch options are not an error but are "
        "silently overwritten by the chosen config, so `num_warps=8` at the call site has no "
        "effect.";
    info.doc.example = "@triton.autotune(configs=[triton.Config({\"BLOCK_M\": 64}), "
                       "triton.Config({\"BLOCK_M\": 128})], key=[\"M\"])\n"
                       "@triton.jit\n"
                       "def rows_kernel(x_ptr, M, BLOCK_M: tl.constexpr):\n"
                       "    ...\n\n"
                       "rows_kernel[grid](x, M, BLOCK_M=128)\n";
    info.doc.useInstead = "rows_kernel[lambda meta: (triton.cdiv(M, meta[\"BLOCK_M\"]),)](x, M)\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const LaunchSite &launch : context.file().launches) {
      const Kernel *kernel = context.calledKernel(launch);
      // A project's own autotune wrapper may filter or merge keywords itself.
      if (!kernel || !kernel->autotune || kernel->autotune->wrappedByCustomDecorator) continue;
      const ConfigList &list = kernel->autotune->configs;
      if (list.configs.empty()) continue;

      // The parameter each argument binds (empty: none), and what the configs
      // set for those names only (few or none).
      std::vector<std::string_view> passed;
      for (const LaunchArgument &argument : launch.arguments) passed.push_back(kernel->paramNameOf(argument));
      std::map<std::string, TunedName> tuned;
      ConfigNameAnswers isPassed;
      auto search = [&](const std::string &name) { return std::find(passed.begin(), passed.end(), name) != passed.end(); };
      for (const Config &config : list.configs) {
        size_t position = 0;
        for (const auto &[name, value] : config.params) {
          if (!isPassed(position++, name, search)) continue;
          TunedName &entry = tuned[name];
          ++entry.configsSettingIt;
          const std::string text = value.str();
          if (std::find(entry.values.begin(), entry.values.end(), text) == entry.values.end())
            entry.values.push_back(text);
        }
      }

      for (size_t i = 0; i < launch.arguments.size(); ++i) {
        const LaunchArgument &argument = launch.arguments[i];
        const std::string name(passed[i]);
        if (name.empty()) continue;
        const std::string configCount = std::to_string(list.configs.size());
        if (auto entry = tuned.find(name); entry != tuned.end()) {
          const std::string how = argument.name.empty() ? "as positional argument " +
                                                              std::to_string(argument.position + 1)
                                                        : "";
          context
              .report(argument.span, "the launch passes `" + name + "`" +
                                         (how.empty() ? "" : " " + how) +
                                         ", which the autotuner of `" + kernel->name +
                                         "` also sets")
              .about(*kernel)
              .note(std::to_string(entry->second.configsSettingIt) + " of " + configCount +
                    " configs set `" + name + "` (" + joinValues(entry->second.values) + "); " +
                    (argument.name.empty()
                         ? "the call fails with \"got multiple values for argument '" + name + "'\""
                         : "Triton raises \"Conflicting meta-parameters: " + name + "\""))
              .note("let the grid read the chosen value from its `meta` argument instead");
        } else if (!argument.name.empty() && configLaunchOptions().count(name)) {
          context
              .report(argument.span, "the launch passes `" + name + "`, which the autotuner of `" +
                                         kernel->name + "` replaces with each config's value")
              .about(*kernel)
              .note("set `" + name + "` in the configs; the value passed here has no effect");
        }
      }
    }
  }
};

BTLINT_REGISTER_RULE(ConfigConflictsWithLaunch);

} // namespace
} // namespace btlint
