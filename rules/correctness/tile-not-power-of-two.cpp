#include "eval/TileEval.h"
#include "rules/Rule.h"
#include "yaml/TableKernels.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {

bool isPowerOfTwo(int64_t value) { return value > 0 && (value & (value - 1)) == 0; }

// One set of meta-parameter values a kernel can be compiled with: an autotune
// config, the keyword and positional values of one launch, or the defaults.
struct Binding {
  enum class Kind { AutotuneConfig, Launch, Defaults };
  Kind kind = Kind::Defaults;
  Config values;                  // what evaluateDim reads
  const Config *config = nullptr; // the autotune config, for its expansion
  const ConfigList *list = nullptr;
  const LaunchSite *launch = nullptr;
};

std::vector<std::string> paramsRead(const TileDim &dim) {
  std::vector<std::string> names = dim.params;
  for (const DimOp &op : dim.program)
    if (op.kind == DimOp::Param && std::find(names.begin(), names.end(), op.name) == names.end())
      names.push_back(op.name);
  return names;
}

const Kernel *launchedKernel(const LaunchSite &launch, const RuleContext &context) {
  std::string name = launch.kernel;
  if (const size_t dot = name.rfind('.'); dot != std::string::npos) name = name.substr(dot + 1);
  if (const Kernel *kernel = context.file().findKernel(name)) return kernel;
  const std::vector<const Kernel *> candidates = context.project().kernelsNamed(name);
  return candidates.size() == 1 ? candidates.front() : nullptr;
}

// The values a launch passes for the kernel's parameters, by keyword or position.
Config launchValues(const LaunchSite &launch, const Kernel &kernel) {
  Config values;
  for (const LaunchArgument &argument : launch.arguments) {
    std::string name = argument.name;
    if (name.empty() && argument.position < kernel.params.size())
      name = kernel.params[argument.position].name;
    if (name.empty() || !kernel.findParam(name)) continue;
    ScalarValue value = argument.value;
    if (!value.span().valid()) value.setSpan(argument.span);
    values.params[name] = value;
  }
  return values;
}

// Where a parameter's value under a binding was written, and how to say so.
struct ValueOrigin {
  SourceSpan span;
  std::string phrase; // "config 3 sets `BLOCK_N` to 96"
};

std::optional<ValueOrigin> originOf(const std::string &name, const Binding &binding,
                                    const Kernel &kernel) {
  if (auto found = binding.values.params.find(name); found != binding.values.params.end()) {
    if (!found->second.isInt()) return std::nullopt;
    const std::string value = std::to_string(found->second.asInt());
    if (binding.kind == Binding::Kind::AutotuneConfig) {
      const SourceSpan span = binding.config->sourcePath.empty() && found->second.span().valid()
                                  ? found->second.span()
                                  : binding.list->span;
      return ValueOrigin{span, "config " + std::to_string(binding.config->index + 1) + " sets `" +
                                   name + "` to " + value};
    }
    return ValueOrigin{found->second.span(), "the launch of `" + kernel.name + "` sets `" + name +
                                                 "` to " + value};
  }
  const Param *param = kernel.findParam(name);
  if (!param || !param->defaultValue || !param->defaultValue->isInt()) return std::nullopt;
  const SourceSpan span = param->defaultValue->span().valid() ? param->defaultValue->span() : param->span;
  return ValueOrigin{span, "`" + name + "` defaults to " + std::to_string(param->defaultValue->asInt())};
}

SourceSpan bindingSpan(const Binding &binding, const Kernel &kernel) {
  switch (binding.kind) {
  case Binding::Kind::AutotuneConfig:
    return binding.config->sourcePath.empty() && binding.config->span.valid() ? binding.config->span
                                                                              : binding.list->span;
  case Binding::Kind::Launch: return binding.launch->span;
  case Binding::Kind::Defaults: break;
  }
  return kernel.nameSpan.valid() ? kernel.nameSpan : kernel.span;
}

std::string bindingName(const Binding &binding, const Kernel &kernel) {
  switch (binding.kind) {
  case Binding::Kind::AutotuneConfig: return "config " + std::to_string(binding.config->index + 1);
  case Binding::Kind::Launch: return "the launch of `" + kernel.name + "`";
  case Binding::Kind::Defaults: break;
  }
  return "the defaults of `" + kernel.name + "`";
}

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

struct Finding {
  SourceSpan span;
  std::string message;
  std::vector<std::string> notes;
  std::vector<const Config *> configs; // autotune configs that reach this value
};

class TileNotPowerOfTwo : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "tile-not-power-of-two";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.summary = "a tile extent that is not a power of two";
    info.doc.whatItDoes =
        "Evaluates every tile shape of a Triton kernel (`tl.arange` ranges, `tl.zeros`/`tl.full` "
        "shapes, reshapes, block pointers, `tl.dot` operands) under each autotune config, each "
        "launch's keyword and positional values, and the parameters' defaults, and reports a "
        "dimension that is not a power of two. The finding points at the literal that produced "
        "the value: the config entry, the launch argument or the default. Parameters that never "
        "size a tile (`GROUP_M`, `SPLIT_K`) may take any value; values only known at run time "
        "(`triton.next_power_of_2(n)`, `@triton.heuristics`) are not judged.";
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
    std::vector<Finding> findings;
    std::map<std::pair<uint32_t, uint32_t>, size_t> findingAt;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language == Language::Yaml) {
        checkTable(kernel, context, findings, findingAt);
        continue;
      }
      if (kernel.language != Language::Python) continue; // CUDA accepts any extent
      for (const Binding &binding : bindingsOf(kernel, context)) {
        for (const TileShape &tile : kernel.tiles)
          for (const TileDim &dim : tile.dims)
            checkDim(kernel, tile, dim, binding, findings, findingAt);
      }
    }
    for (const Finding &finding : findings) {
      auto diagnostic = context.report(finding.span, finding.message);
      for (const std::string &note : finding.notes) diagnostic.note(note);
      if (finding.configs.size() > 1) {
        std::string others;
        for (size_t i = 1; i < finding.configs.size(); ++i)
          others += (i == 1 ? "" : ", ") + std::to_string(finding.configs[i]->index + 1);
        diagnostic.note("the same value also reaches config" +
                        std::string(finding.configs.size() > 2 ? "s " : " ") + others);
      }
    }
  }

private:
  // Autotuned kernels compile with each config; other kernels with what each
  // launch passes. Defaults count for parameters no config or heuristic sets.
  static std::vector<Binding> bindingsOf(const Kernel &kernel, const RuleContext &context) {
    std::vector<Binding> bindings;
    if (kernel.autotune) {
      for (const Config &config : kernel.autotune->configs.configs) {
        Binding binding;
        binding.kind = Binding::Kind::AutotuneConfig;
        binding.values = config;
        binding.config = &config;
        binding.list = &kernel.autotune->configs;
        bindings.push_back(std::move(binding));
      }
    } else {
      for (const LaunchSite &launch : context.file().launches) {
        if (launchedKernel(launch, context) != &kernel) continue;
        Binding binding;
        binding.kind = Binding::Kind::Launch;
        binding.values = launchValues(launch, kernel);
        binding.launch = &launch;
        bindings.push_back(std::move(binding));
      }
    }
    bindings.push_back(Binding{});
    return bindings;
  }

  // A YAML tuning table: its configs bind the tiles of the Python kernel of
  // that name defined elsewhere in the run (none: nothing to check). Only
  // values the table itself sets are reported, at the table.
  static void checkTable(const Kernel &table, const RuleContext &context, std::vector<Finding> &findings,
                         std::map<std::pair<uint32_t, uint32_t>, size_t> &findingAt) {
    if (!table.autotune) return;
    const Kernel *definition = nullptr;
    for (const Kernel *k : kernelsWithSignature(table, context.project()))
      if (k->language == Language::Python && !definition) definition = k;
    if (!definition) return;
    for (const Config &config : table.autotune->configs.configs) {
      Binding binding;
      binding.kind = Binding::Kind::AutotuneConfig;
      binding.values = config;
      binding.config = &config;
      binding.list = &table.autotune->configs;
      for (const TileShape &tile : definition->tiles)
        for (const TileDim &dim : tile.dims) {
          const std::vector<std::string> params = paramsRead(dim);
          const bool setByTable = !params.empty() && std::all_of(params.begin(), params.end(), [&](const auto &n) {
            return config.params.count(n) != 0;
          });
          if (setByTable) checkDim(*definition, tile, dim, binding, findings, findingAt, /*inTable=*/true);
        }
    }
  }

  static bool setElsewhere(const std::string &name, const Kernel &kernel, const Binding &binding) {
    for (const Heuristic &heuristic : kernel.heuristics)
      if (heuristic.param == name) return true; // computed at run time, overrides the rest
    if (binding.kind != Binding::Kind::Defaults) return false;
    if (kernel.autotune)
      for (const Config &config : kernel.autotune->configs.configs)
        if (config.params.count(name)) return true;
    return false;
  }

  static void checkDim(const Kernel &kernel, const TileShape &tile, const TileDim &dim,
                       const Binding &binding, std::vector<Finding> &findings,
                       std::map<std::pair<uint32_t, uint32_t>, size_t> &findingAt, bool inTable = false) {
    const std::vector<std::string> params = paramsRead(dim);
    for (const std::string &name : params)
      if (setElsewhere(name, kernel, binding)) return;
    // A constant dimension is the same under every binding: judge it once.
    if (params.empty() && binding.kind != Binding::Kind::Defaults) return;
    const std::optional<int64_t> value = evaluateDim(dim, binding.values, kernel);
    if (!value || isPowerOfTwo(*value)) return;

    Finding finding;
    std::string cause;
    if (params.empty()) {
      finding.span = dim.span;
      cause = "the tile dimension `" + dim.text + "` is " + std::to_string(*value);
    } else if (params.size() == 1) {
      const std::optional<ValueOrigin> origin = originOf(params.front(), binding, kernel);
      if (!origin) return;
      finding.span = origin->span;
      cause = origin->phrase;
      if (dim.text != params.front())
        cause += ", so the tile dimension `" + dim.text + "` is " + std::to_string(*value);
    } else {
      finding.span = bindingSpan(binding, kernel);
      cause = bindingName(binding, kernel) + " makes the tile dimension `" + dim.text + "` " +
              std::to_string(*value);
    }
    auto [entry, inserted] = findingAt.try_emplace({finding.span.line, finding.span.column}, findings.size());
    if (!inserted) {
      Finding &existing = findings[entry->second];
      if (binding.config && std::find(existing.configs.begin(), existing.configs.end(),
                                      binding.config) == existing.configs.end())
        existing.configs.push_back(binding.config);
      return;
    }
    finding.message = cause + ", not a power of two; " + shapeRequirement(tile.source);
    if (binding.config && !binding.config->expansion.empty())
      finding.notes.push_back(binding.config->expansion);
    if (inTable && tile.span.valid())
      finding.notes.push_back("the tile is made at line " + std::to_string(tile.span.line) + " of `" + kernel.name +
                              "`'s definition");
    else if (tile.span.valid() && tile.span.line != finding.span.line)
      finding.notes.push_back("the tile is made at line " + std::to_string(tile.span.line));
    finding.notes.push_back("the nearest powers of two are " + nearestPowersOfTwo(*value));
    if (binding.config) finding.configs.push_back(binding.config);
    findings.push_back(std::move(finding));
  }
};

BTLINT_REGISTER_RULE(TileNotPowerOfTwo);

} // namespace
} // namespace btlint
