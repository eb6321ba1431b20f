#include "tune/Tune.h"

#include "resources/ConfigChecks.h"
#include "resources/ConfigVerdict.h"
#include "resources/KernelResourceAdapter.h"
#include "rules/AutotuneKeyAnalysis.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace btlint::tune {
namespace {

int64_t nextPowerOfTwo(int64_t value) {
  int64_t power = 1;
  while (power < value) power *= 2;
  return power;
}

std::optional<int64_t> intValue(const Config &config, const std::string &name) {
  auto found = config.params.find(name);
  if (found == config.params.end() || !found->second.isInt()) return std::nullopt;
  return found->second.asInt();
}

int numWarpsOf(const Config &config) {
  return config.numWarps && config.numWarps->isInt() ? static_cast<int>(config.numWarps->asInt()) : kDefaultNumWarps;
}
int numStagesOf(const Config &config) {
  return config.numStages && config.numStages->isInt() ? static_cast<int>(config.numStages->asInt())
                                                       : kDefaultNumStages;
}

// A constexpr parameter's value outside the generated tiles: the first listed
// config's, else the kernel's default.
std::optional<ScalarValue> fixedValue(const Kernel &kernel, const std::string &name) {
  if (kernel.autotune)
    for (const Config &config : kernel.autotune->configs.configs)
      if (auto found = config.params.find(name); found != config.params.end() && found->second.isKnown())
        return found->second;
  if (const Param *param = kernel.findParam(name); param && param->defaultValue) return param->defaultValue;
  return std::nullopt;
}

std::vector<int64_t> powersOfTwo(int64_t from, int64_t to) {
  std::vector<int64_t> values;
  for (int64_t v = from; v <= to; v *= 2) values.push_back(v);
  if (values.empty()) values.push_back(from);
  return values;
}

int64_t largestExtent(const std::vector<Shape> &shapes, const std::string &dim, int64_t fallback) {
  int64_t largest = 0;
  for (const Shape &shape : shapes)
    if (auto found = shape.find(dim); found != shape.end()) largest = std::max(largest, found->second);
  return largest > 0 ? largest : fallback;
}

// The principled space (docs/tune.md, "The generated space"): powers of two
// for each tile, BLOCK_K >= 16 for dots, num_warps from the tile, num_stages
// 2-5 where a loop is pipelined and 1 otherwise; combinations the resource
// model eliminates are counted by rule and left out.
std::vector<Config> generateSpace(const Kernel &kernel, const KernelRoles &roles, const std::vector<Shape> &shapes,
                                  const Shape &constants, const ArchInfo &arch, TuneResult &result) {
  std::vector<std::pair<std::string, std::vector<int64_t>>> axes;
  std::set<std::string> generated;
  auto dimOf = [&](const std::string &tile) {
    auto found = roles.tileDim.find(tile);
    return found == roles.tileDim.end() ? std::string() : found->second;
  };
  if (roles.hasDot) {
    for (const std::string &tile : {roles.dotM, roles.dotN}) {
      if (tile.empty() || generated.count(tile) || constants.count(tile)) continue;
      const int64_t cap = std::clamp<int64_t>(nextPowerOfTwo(largestExtent(shapes, dimOf(tile), 256)), 16, 256);
      axes.push_back({tile, powersOfTwo(16, cap)});
      generated.insert(tile);
    }
    if (!roles.dotK.empty() && !generated.count(roles.dotK) && !constants.count(roles.dotK)) {
      const int64_t cap = std::clamp<int64_t>(nextPowerOfTwo(largestExtent(shapes, dimOf(roles.dotK), 128)), 16, 128);
      axes.push_back({roles.dotK, powersOfTwo(16, cap)});
      generated.insert(roles.dotK);
    }
  }
  for (const std::string &tile : roles.tiles) {
    if (generated.count(tile) || constants.count(tile) || roles.tileDim.find(tile) == roles.tileDim.end()) continue;
    const int64_t extent = nextPowerOfTwo(largestExtent(shapes, dimOf(tile), 1024));
    if (roles.wholeTiles.count(tile)) axes.push_back({tile, {extent}});
    else axes.push_back({tile, powersOfTwo(std::min<int64_t>(256, extent), std::clamp<int64_t>(extent, 256, 8192))});
    generated.insert(tile);
  }
  for (const auto &[tile, split] : roles.splitOf)
    if (!generated.count(split) && !constants.count(split)) {
      axes.push_back({split, {1, 2, 4, 8}});
      generated.insert(split);
    }
  // The other constexpr parameters keep one value.
  NameMap<ScalarValue> fixed;
  for (const Param &param : kernel.params)
    if (param.isConstexpr() && !generated.count(param.name) && !constants.count(param.name))
      if (std::optional<ScalarValue> value = fixedValue(kernel, param.name)) fixed[param.name] = *value;

  std::vector<Config> combinations(1);
  for (const auto &[name, values] : axes) {
    std::vector<Config> next;
    for (const Config &partial : combinations)
      for (int64_t value : values) {
        Config config = partial;
        config.params[name] = ScalarValue::ofInt(value);
        next.push_back(std::move(config));
      }
    combinations = std::move(next);
  }
  const bool pipelined = roles.loopHasLoads;
  const int maxWarps = static_cast<int>(arch.maxThreadsPerBlock / arch.warpSize);
  std::vector<Config> space;
  for (const Config &tiles : combinations) {
    // num_warps from the tile: dots about 2048 accumulator elements per warp
    // (and twice the warps for large tiles); tiles without a dot 2 to 32
    // elements per thread.
    double elements = 1;
    if (roles.hasDot) {
      elements = static_cast<double>(intValue(tiles, roles.dotM).value_or(64) * intValue(tiles, roles.dotN).value_or(64));
    } else {
      for (const auto &[name, value] : tiles.params)
        if (value.isInt() && roles.tileDim.count(name)) elements *= static_cast<double>(value.asInt());
    }
    std::set<int> warps;
    if (roles.hasDot) {
      const int base = static_cast<int>(std::clamp<int64_t>(nextPowerOfTwo(static_cast<int64_t>(elements / 2048)), 2, 8));
      warps.insert(base);
      if (elements >= 128 * 128 && base * 2 <= 8) warps.insert(base * 2);
      if (elements >= 64 * 64) warps.insert(std::max(4, base));
    } else {
      for (double perThread : {2.0, 4.0, 8.0, 16.0, 32.0})
        warps.insert(static_cast<int>(
            std::clamp<int64_t>(nextPowerOfTwo(static_cast<int64_t>(std::max(1.0, elements / (perThread * 32)))), 1,
                                maxWarps)));
    }
    std::vector<int> stages = pipelined ? std::vector<int>{2, 3, 4, 5} : std::vector<int>{1};
    for (int w : warps)
      for (int s : stages) {
        Config config = tiles;
        for (const auto &[name, value] : fixed) config.params[name] = value;
        config.numWarps = ScalarValue::ofInt(w);
        config.numStages = ScalarValue::ofInt(s);
        space.push_back(std::move(config));
      }
  }
  result.generatedCombinations = space.size();
  return space;
}

MmaKind mmaKindOf(const std::string &path) {
  if (path == "wgmma") return MmaKind::Wgmma;
  if (path == "mma.sync") return MmaKind::MmaSync;
  if (path.empty() || path == "none") return MmaKind::None;
  return MmaKind::Other;
}

SpillRisk spillRiskOf(const std::string &spill) {
  if (spill == "confident") return SpillRisk::Confident;
  if (spill == "possible") return SpillRisk::Possible;
  return SpillRisk::No;
}

std::string ordinal(size_t n) {
  if (n == 1) return "best";
  const char *suffix = (n % 10 == 2 && n % 100 != 12) ? "nd" : (n % 10 == 3 && n % 100 != 13) ? "rd" : "th";
  return std::to_string(n) + suffix;
}

} // namespace

std::optional<Shape> parseShape(const std::string &text, std::string &error) {
  Shape shape;
  llvm::SmallVector<llvm::StringRef, 8> parts;
  llvm::StringRef(text).split(parts, ',', -1, false);
  if (parts.empty()) {
    error = "empty --shape; write NAME=VALUE pairs such as M=4096,N=4096,K=4096";
    return std::nullopt;
  }
  for (llvm::StringRef part : parts) {
    auto [name, value] = part.trim().split('=');
    int64_t number = 0;
    if (name.trim().empty() || value.trim().getAsInteger(10, number) || number <= 0) {
      error = "bad --shape `" + text + "`: `" + part.str() +
              "` is not NAME=VALUE with a positive integer (e.g. M=4096,N=4096,K=4096)";
      return std::nullopt;
    }
    shape[name.trim().str()] = number;
  }
  return shape;
}

std::string shapeText(const Shape &shape) {
  std::string text;
  for (const auto &[name, value] : shape) text += (text.empty() ? "" : ",") + name + "=" + std::to_string(value);
  return text;
}

std::optional<TuneResult> tuneKernel(const report::ModelsByArch &models, const std::string &path,
                                     const std::string &kernelName, const TuneOptions &options, std::string &error) {
  const ArchInfo *arch = findArch(options.arch);
  auto archModels = models.find(options.arch);
  if (!arch || archModels == models.end()) {
    error = "no model for " + options.arch;
    return std::nullopt;
  }
  const FileModel *file = report::findFile(archModels->second, path);
  const Kernel *kernel = file ? file->findKernel(kernelName) : nullptr;
  if (!kernel) {
    error = path + ": no kernel `" + kernelName + "`";
    return std::nullopt;
  }
  if (kernel->language != Language::Python) {
    error = path + ": `" + kernelName + "` is a " + languageName(kernel->language) +
            " kernel; `btlint tune` ranks Triton kernels";
    return std::nullopt;
  }
  if (options.shapes.empty()) {
    error = "`btlint tune` needs at least one --shape (e.g. --shape M=4096,N=4096,K=4096)";
    return std::nullopt;
  }

  TuneResult result;
  result.path = path;
  result.kernel = kernelName;
  result.arch = arch->name;
  result.line = (kernel->nameSpan.valid() ? kernel->nameSpan : kernel->span).line;
  result.space = options.space;
  result.shapes = options.shapes;
  result.dtype = kernel->dtype.empty() ? "fp16" : kernel->dtype;
  result.dtypeSource = kernel->dtypeSource;
  result.roles = rolesOf(*kernel);
  result.peakTflops = peakTflopsFor(*arch, result.dtype);
  if (result.peakTflops == 0) {
    result.peakTflops = arch->peakTflopsFp16;
    result.notes.push_back(arch->name + " has no tensor-core peak for " + result.dtype + " in the arch table: the fp16 peak is used");
  }
  const KernelRoles &roles = result.roles;

  // Shapes: run-time shape arguments and constexpr values of the kernel.
  std::vector<std::string> shapeArguments;
  for (const Param &param : kernel->params)
    if (!param.isConstexpr() && (param.kind == ParamKind::Int || param.kind == ParamKind::Unknown))
      shapeArguments.push_back(param.name);
  Shape constants;
  for (size_t i = 0; i < options.shapes.size(); ++i) {
    const Shape &shape = options.shapes[i];
    for (const auto &[name, value] : shape) {
      const Param *param = kernel->findParam(name);
      if (!param) {
        error = "--shape `" + shapeText(shape) + "`: `" + name + "` is not an argument of `" + kernelName +
                "` (its shape arguments: " + llvm::join(shapeArguments, ", ") + ")";
        return std::nullopt;
      }
      if (!param->isConstexpr()) continue;
      auto [at, inserted] = constants.emplace(name, value);
      if (!inserted && at->second != value) {
        error = "--shape: the constexpr `" + name + "` is " + std::to_string(at->second) + " in one shape and " +
                std::to_string(value) + " in another; each value compiles its own kernel: tune them separately";
        return std::nullopt;
      }
    }
    for (const auto &[tile, dim] : roles.tileDim)
      if (!shape.count(dim)) {
        error = "--shape `" + shapeText(shape) + "` lacks `" + dim + "`, which `" + tile + "` of `" + kernelName +
                "` tiles";
        return std::nullopt;
      }
  }
  for (const auto &[name, value] : constants) result.shapeConstants.push_back(name);

  // The space.
  std::vector<Config> space;
  if (options.space == Space::List) {
    if (!kernel->autotune || kernel->autotune->configs.configs.empty()) {
      error = path + ": `" + kernelName + "` has no autotune list to rank; use --space generated";
      return std::nullopt;
    }
    space = kernel->autotune->configs.configs;
    if (!kernel->autotune->configs.complete)
      result.notes.push_back("the list was not fully evaluated (" + kernel->autotune->configs.unknownReason +
                             "): only the configs read are ranked");
  } else {
    space = generateSpace(*kernel, roles, options.shapes, constants, *arch, result);
  }
  for (Config &config : space)
    for (const auto &[name, value] : constants)
      if (!config.params.count(name)) config.params[name] = ScalarValue::ofInt(value);

  // The generated space: what the resource model eliminates outright is left
  // out before the report (by the rule that reports it), so the table holds
  // candidates only.
  const std::string dtypeSource = kernel->dtypeSource;
  if (options.space == Space::Generated) {
    resources::VerdictCache cache;
    std::vector<Config> kept;
    for (Config &config : space) {
      const resources::TritonConfigVerdict &verdict =
          resources::judgeTritonConfig(cache, *kernel, config, *arch, result.dtype, dtypeSource);
      std::vector<resources::Elimination> eliminations = verdict.eliminatedBy;
      for (resources::Elimination &e : resources::tileEliminations(*kernel, config, *arch, result.dtype, dtypeSource))
        eliminations.push_back(std::move(e));
      if (!eliminations.empty()) ++result.leftOutByRule[eliminations.front().rule];
      else if (verdict.spill == resources::Spill::Confident) ++result.leftOutByRule["register-spill-risk"];
      else if (!verdict.estimate) ++result.leftOutByRule["unknown"];
      else kept.push_back(std::move(config));
    }
    space = std::move(kept);
    if (space.empty()) {
      error = path + ": every generated config of `" + kernelName + "` is eliminated on " + arch->name;
      return std::nullopt;
    }
  }
  for (size_t i = 0; i < space.size(); ++i) {
    space[i].index = i;
    if (options.space == Space::Generated) space[i].expansion = "generated config " + std::to_string(i + 1);
  }

  // The report's verdicts for the space: the file's model with the kernel's
  // list replaced.
  FileModel copy = *file;
  copy.configUses = ConfigUseTable(); // its uses point into the original's lists
  Kernel &tuned = copy.kernels[static_cast<size_t>(kernel - file->kernels.data())];
  if (!tuned.autotune) tuned.autotune.emplace();
  tuned.autotune->configs.configs = space;
  tuned.autotune->configs.complete = true;
  // A generated space is not the list the kernel's own pruner was written for.
  if (options.space == Space::Generated) tuned.autotune->hasPruner = false;
  report::ModelsByArch single;
  single[arch->name].push_back(std::move(copy));
  report::ReportOptions reportOptions;
  reportOptions.archs = {arch->name};
  reportOptions.shapes = options.configShapes;
  std::vector<report::KernelReport> reports = report::buildReports(single, path, kernelName, reportOptions);
  if (reports.empty() || reports.front().configs.size() != space.size()) {
    error = path + ": `" + kernelName + "`: the report of its configs could not be built";
    return std::nullopt;
  }
  const report::KernelReport &kernelReport = reports.front();
  for (const std::string &param : kernelReport.paramOrder)
    if (!constants.count(param)) result.params.push_back(param);
  for (const std::string &note : kernelReport.notes) result.notes.push_back(note);

  std::vector<Candidate> candidates;
  const double dtypeBytes =
      resources::parseElementType(result.dtype) ? resources::elementBits(*resources::parseElementType(result.dtype)) / 8.0 : 2.0;
  for (size_t i = 0; i < space.size(); ++i) {
    Candidate candidate;
    candidate.number = i + 1;
    candidate.config = space[i];
    candidate.row = kernelReport.configs[i];
    const report::ArchVerdict &verdict = candidate.row.archs.at(arch->name);
    candidate.eliminatedBy = verdict.eliminatedBy;
    if (options.boundary)
      if (const BoundaryOutcome *outcome = outcomeFor(*options.boundary, space[i]); outcome && !outcome->failure.empty())
        candidate.eliminatedBy.push_back({"boundary-check", outcome->failure + " on the GPU (" +
                                                                std::to_string(outcome->shapesChecked) +
                                                                " boundary shapes checked, " +
                                                                options.boundary->source + ")"});
    candidate.resources.blocksPerSm = verdict.blocksPerSm.value_or(1);
    candidate.resources.numWarps = numWarpsOf(space[i]);
    candidate.resources.numStages = numStagesOf(space[i]);
    candidate.resources.mma = mmaKindOf(verdict.mmaPath);
    candidate.resources.spill = spillRiskOf(verdict.spill);
    std::optional<resources::DescribedKernel> described =
        resources::describeKernel(*kernel, space[i], result.dtype, dtypeSource, nullptr, resources::Detail::Numbers);
    candidate.work = configWorkOf(*kernel, roles, space[i], described ? &described->description : nullptr, dtypeBytes);
    for (const Shape &shape : options.shapes) {
      ShapeScore score;
      score.work = workOn(candidate.work, roles, shape);
      score.terms = scoreWork(score.work, candidate.resources, *arch, result.peakTflops);
      candidate.shapes.push_back(std::move(score));
    }
    candidates.push_back(std::move(candidate));
  }

  if (options.boundary) {
    size_t checked = 0, failed = 0;
    for (const Candidate &c : candidates)
      if (const BoundaryOutcome *outcome = outcomeFor(*options.boundary, c.config)) {
        ++checked;
        failed += !outcome->failure.empty();
      }
    result.notes.push_back("boundary run " + options.boundary->source + ": " + std::to_string(checked) + " of the " +
                           std::to_string(candidates.size()) + " configs checked on the GPU, " +
                           std::to_string(failed) + " failing a boundary shape (eliminated: `boundary-check`)");
  }

  // Ranks: per shape among the kept, then by the geometric mean of each
  // shape's time over that shape's best. A config whose shared memory may
  // overflow (an estimate range across the limit) ranks after every config
  // that fits: a recommendation must compile (on the H200 suite both such
  // fp8 configs measured Triton's out of resources, at the range's top).
  std::vector<Candidate *> kept;
  for (Candidate &c : candidates)
    if (!c.eliminated()) kept.push_back(&c);
  std::set<const Candidate *> overflowing;
  for (const Candidate *c : kept)
    if (auto verdict = c->row.archs.find(result.arch);
        verdict != c->row.archs.end() && verdict->second.fit == "may overflow")
      overflowing.insert(c);
  auto mayOverflow = [&](const Candidate *c) { return overflowing.count(c) > 0; };
  for (size_t s = 0; s < options.shapes.size(); ++s) {
    std::vector<Candidate *> order = kept;
    std::stable_sort(order.begin(), order.end(), [&](const Candidate *a, const Candidate *b) {
      if (mayOverflow(a) != mayOverflow(b)) return mayOverflow(b);
      return a->shapes[s].terms.timeUs < b->shapes[s].terms.timeUs;
    });
    for (size_t r = 0; r < order.size(); ++r) order[r]->shapes[s].rank = r + 1;
  }
  std::vector<double> bestOfShape(options.shapes.size(), 0);
  for (const Candidate *c : kept)
    for (size_t s = 0; s < options.shapes.size(); ++s)
      if (c->shapes[s].rank == 1) bestOfShape[s] = c->shapes[s].terms.timeUs;
  for (Candidate *c : kept) {
    double logSum = 0;
    for (size_t s = 0; s < options.shapes.size(); ++s) logSum += std::log(c->shapes[s].terms.timeUs / bestOfShape[s]);
    c->relative = std::exp(logSum / static_cast<double>(options.shapes.size()));
  }
  std::stable_sort(kept.begin(), kept.end(), [&](const Candidate *a, const Candidate *b) {
    if (mayOverflow(a) != mayOverflow(b)) return mayOverflow(b);
    return a->relative < b->relative;
  });
  for (size_t r = 0; r < kept.size(); ++r) kept[r]->rank = r + 1;
  std::vector<Candidate> ordered;
  for (Candidate *c : kept) ordered.push_back(std::move(*c));
  for (Candidate &c : candidates)
    if (c.eliminated()) ordered.push_back(std::move(c));
  result.candidates = std::move(ordered);

  // The key: every shape argument that sizes the work (autotune-key-missing-dim with no key).
  if (kernel->autotune && kernel->autotune->keyKnown)
    for (const NameRef &ref : kernel->autotune->key) result.existingKey.push_back(ref.name);
  for (const KeyShapeArgument &argument : shapeArgumentsMissingFromKey(*kernel, *file, {})) {
    result.key.push_back(argument.param->name);
    result.keyReasons.push_back(argument.use.text);
  }

  // The justified list: each shape's best (its top k, at most 3, so the
  // list the autotuner times stays short).
  result.topK = kept.empty() ? 0 : std::max<size_t>(1, (kept.size() + 9) / 10);
  result.perShape = std::min<size_t>(result.topK, 3);
  for (size_t i = 0; i < kept.size(); ++i) {
    const Candidate &c = result.candidates[i];
    std::vector<std::string> parts;
    for (size_t s = 0; s < options.shapes.size(); ++s)
      if (c.shapes[s].rank <= result.perShape)
        parts.push_back(ordinal(c.shapes[s].rank) + " for " + shapeText(options.shapes[s]) + " (" +
                        c.shapes[s].terms.bound + "-bound)");
    if (parts.empty()) continue;
    result.chosen.push_back(i);
    result.reasons.push_back(llvm::join(parts, "; "));
  }
  return result;
}

} // namespace btlint::tune
