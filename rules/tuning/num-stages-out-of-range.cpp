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

std::optional<ScalarValue> numStagesOf(const Config &config) {
  if (config.numStages) return config.numStages;
  if (auto inDict = config.params.find("num_stages"); inDict != config.params.end())
    return inDict->second;
  return std::nullopt;
}

// A loop the software pipeliner can overlap (`ownsPipelinableLoop`) in the
// kernel or a @triton.jit helper it calls: helpers are inlined into the
// kernel, so a loop in one counts (the main loop of many attention kernels
// lives in such a helper). The front-end follows helpers into the modules the
// kernel's file imports, so a file linted alone answers as the whole project
// does; a helper it cannot read, or a body not read, is taken to hold one.
bool hasPipelinableLoop(const Kernel &kernel) { return kernel.mayPipelineLoop.value_or(true); }

// A YAML table has no body: its loops are those of the kernel's definition in
// the run; with no definition in the run, a loop is assumed.
bool definitionHasPipelinableLoop(const Kernel &kernel, const RuleContext &context) {
  const std::vector<const Kernel *> definitions = kernelsWithSignature(kernel, context.project());
  if (definitions.empty()) return true;
  return std::any_of(definitions.begin(), definitions.end(),
                     [&](const Kernel *k) { return hasPipelinableLoop(*k); });
}

// The depths of the groups of configs that are equal in everything but
// `num_stages` (parameters, warps, CTAs, registers), where a group holds two
// or more depths: only those compile the same kernel twice when nothing is
// pipelined. Configs that pair each depth with its own warps or tiles
// (num_stages computed from the tile size) are not such a group.
std::set<int64_t> depthsVaryingAlone(const ConfigList &list) {
  std::map<std::string, std::set<int64_t>> depthsByRest;
  for (const Config &config : list.configs) {
    const std::optional<ScalarValue> stages = numStagesOf(config);
    std::string rest;
    for (const auto &[name, value] : config.params)
      if (name != "num_stages") rest += name + "=" + value.str() + ";";
    for (const std::optional<ScalarValue> *option : {&config.numWarps, &config.numCtas, &config.maxnreg})
      rest += (*option ? (*option)->str() : std::string("-")) + ";";
    depthsByRest[rest].insert(stages ? stages->asInt() : kDefaultNumStages);
  }
  std::set<int64_t> depths;
  for (const auto &[rest, group] : depthsByRest)
    if (group.size() > 1) depths.insert(group.begin(), group.end());
  return depths;
}

class NumStagesOutOfRange : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "num-stages-out-of-range";
    info.category = RuleCategory::Tuning;
    info.defaultSeverity = Severity::Warning;
    info.measure = Measure::StagesNoEffect;
    info.summary = "`num_stages` below 1, deeper than the target can use, or tuned on a kernel "
                   "with no loop to pipeline";
    info.doc.whatItDoes =
        "Reports a `num_stages` value, in an autotune config or at a launch, that is below 1 or "
        "above the deepest pipeline that pays off on the target architecture (8 from sm80 on; 1 "
        "on sm70 and sm75, where Triton does not pipeline loads; 2 for AMD's stream "
        "pipeliner), for a kernel with a loop the pipeliner could overlap (a deeper setting on "
        "one without changes nothing and costs nothing). It also reports an autotune list that varies `num_stages` for a kernel "
        "with no loop the pipeliner could overlap (none, or only `tl.static_range` loops, in "
        "the kernel and the @triton.jit helpers it calls, whether defined in its module or "
        "imported from another module of the project, which is read from disk when a file is "
        "linted alone; a helper that cannot be read, such as one of a third-party package, is "
        "taken to hold a loop), when two of its configs differ in `num_stages` "
        "alone; a list that pairs each depth with its own warps or tile sizes (depths computed "
        "from the tile) compiles a different kernel for each config and is not reported.";
    info.doc.whyItMatters =
        "`num_stages` is how many iterations of a loop's loads are kept in flight; each stage "
        "holds its own copy of the loaded tiles in shared memory. `0` is a convention of AMD's "
        "Triton forks, not a depth. Depths beyond what the target can use cost shared memory "
        "without hiding more latency (on sm70 and sm75 they change nothing at all), and on a "
        "kernel without a loop every depth compiles the same code, so configs that differ only "
        "in `num_stages` multiply the autotuning pause for nothing.";
    info.doc.example = "configs = [\n"
                       "    triton.Config({\"BLOCK_SIZE\": b}, num_warps=4, num_stages=s)\n"
                       "    for b in (1024, 2048) for s in (1, 2, 3, 4)\n"
                       "]  # for an elementwise kernel with no loop\n";
    info.doc.useInstead = "configs = [\n"
                          "    triton.Config({\"BLOCK_SIZE\": b}, num_warps=w)\n"
                          "    for b in (1024, 2048) for w in (4, 8)\n"
                          "]\n";
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch) return;

    FindingsAtLiterals<ValueSite> sites;

    for (const Kernel &kernel : context.file().kernels) {
      if (!kernel.autotune) continue;
      const ConfigList &list = kernel.autotune->configs;
      std::set<int64_t> depths;
      bool allKnown = true;
      for (const Config &config : list.configs) {
        const std::optional<ScalarValue> stages = numStagesOf(config);
        if (stages && !stages->isInt()) {
          allKnown = false;
          continue;
        }
        depths.insert(stages ? stages->asInt() : kDefaultNumStages);
        if (!stages) continue;
        SourceSpan span = list.span;
        if (config.sourcePath.empty())
          span = stages->span().valid() ? stages->span() : config.span;
        recordValue(sites, span, stages->asInt(), &config, kernel.name, &kernel);
      }
      if (allKnown && depths.size() > 1 && !definitionHasPipelinableLoop(kernel, context))
        if (const std::set<int64_t> alone = depthsVaryingAlone(list); !alone.empty())
          reportStagesWithoutLoop(context, kernel, list, alone);
    }
    for (const LaunchSite &launch : context.file().launches) {
      const Kernel *kernel = context.calledKernel(launch);
      if (kernel && kernel->autotune) continue; // the configs replace it
      for (const LaunchArgument &argument : launch.arguments)
        if (argument.name == "num_stages" && argument.value.isInt())
          recordValue(sites, argument.value.span().valid() ? argument.value.span() : argument.span,
                 argument.value.asInt(), nullptr, launch.kernel, kernel);
    }

    for (const ValueSite &site : sites) {
      const std::string where = setterOf(site);
      std::string problem;
      if (site.value < 1)
        problem = "the shallowest pipeline is 1 stage (no overlap), and 0 is a convention of "
                  "AMD's Triton forks";
      else if (site.value > arch->maxUsefulStages && arch->maxUsefulStages <= 1)
        problem = "Triton runs its pipeliner only from sm80 on, so on " + arch->name +
                  " every depth compiles the same kernel";
      else if (site.value > arch->maxUsefulStages && !mayPipeline(site, context))
        continue; // no loop to overlap: the depth is inert, not a cost
      else if (site.value > arch->maxUsefulStages)
        problem = "more than " + std::to_string(arch->maxUsefulStages) + " stages do not pay off on " +
                  arch->name + " and only cost shared memory";
      else
        continue;
      auto diagnostic = context.report(
          site.span, where + " `num_stages` to " + std::to_string(site.value) + "; " + problem);
      if (site.owner) diagnostic.about(*site.owner, site.configs);
      if (site.configs.empty()) continue;
      const Config &first = *site.configs.front();
      if (!first.expansion.empty()) diagnostic.note(first.expansion);
      if (site.configs.size() > 1) diagnostic.note(alsoReachesConfigsNote(site.configs));
    }
  }

private:
  // Whether the kernel a depth is set for has a loop the pipeliner could
  // overlap; assumed when the kernel is not known.
  static bool mayPipeline(const ValueSite &site, const RuleContext &context) {
    if (!site.owner) return true;
    if (site.owner->language == Language::Yaml) return definitionHasPipelinableLoop(*site.owner, context);
    if (site.owner->language != Language::Python) return true;
    return hasPipelinableLoop(*site.owner);
  }

  static void reportStagesWithoutLoop(RuleContext &context, const Kernel &kernel,
                                      const ConfigList &list, const std::set<int64_t> &depths) {
    std::string values;
    for (int64_t depth : depths) values += (values.empty() ? "" : ", ") + std::to_string(depth);
    const SourceSpan span = list.span.valid() ? list.span : kernel.autotune->span;
    context
        .report(span, kernel.tunedObjectName() + " has no loop to pipeline, but its configs vary "
                      "`num_stages` (" + values + ")")
        .about(kernel)
        .note("configs that differ only in `num_stages` compile the same kernel and are "
              "benchmarked again for nothing");
  }
};

BTLINT_REGISTER_RULE(NumStagesOutOfRange);

} // namespace
} // namespace btlint
