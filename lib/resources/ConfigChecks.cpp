#include "resources/ConfigChecks.h"
#include "model/AutotuneText.h"

#include "eval/TileEval.h"
#include "resources/DotLimits.h"

#include <algorithm>
#include <set>

namespace btlint::resources {
namespace {
std::string describeAssumption(std::string_view dtype, std::string_view source) {
  const std::string type(dtype);
  if (source.empty() || source == "default")
    return "assumed " + type + " inputs, btlint's default; set `--dtype` or a "
           "`# btlint: dtype=` comment if they differ";
  if (source == "config" || source == "config override") return "assumed " + type + " inputs, from .btlint.yaml";
  return "assumed " + type + " inputs, from " + std::string(source);
}

bool namedLikeTile(const std::string &name) {
  auto startsWith = [&](std::string_view prefix) {
    if (name.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i)
      if (std::toupper(static_cast<unsigned char>(name[i])) != prefix[i]) return false;
    return true;
  };
  return startsWith("BLOCK") || startsWith("TILE");
}

// Two configs run the same when their parameters are equal and, for Triton,
// their launch options after defaults. Checked without building the text of
// configIdentity, which only findings need: every config of every list is
// compared, and texts would cost a string per value.
std::optional<ScalarValue> effectiveOption(const std::optional<ScalarValue> &value, std::optional<int64_t> fallback) {
  if (value) return value;
  if (fallback) return ScalarValue::ofInt(*fallback);
  return std::nullopt;
}

size_t mixHash(size_t seed, size_t value) { return seed ^ (value + 0x9E3779B97F4A7C15ull + (seed << 6) + (seed >> 2)); }

size_t hashValue(const ScalarValue &value) {
  if (value.isInt()) return std::hash<int64_t>{}(value.asInt());
  if (value.isFloat()) return std::hash<double>{}(value.asFloat()) ^ 1;
  if (value.isBool()) return value.asBool() ? 3 : 5;
  if (value.isString()) return std::hash<std::string>{}(value.asString());
  return 7;
}
} // namespace

// What a config compiles and launches with, as text; nothing when a value is
// unknown (two unknowns are never called equal). The launch options and their
// triton.Config defaults belong to Triton kernels; a CUDA config table's rows
// hold only their own fields.
std::optional<std::string> configIdentity(const Config &config, bool tritonOptions) {
  std::string identity;
  for (const auto &[name, value] : config.params) {
    if (!value.isKnown()) return std::nullopt;
    identity += name + "=" + value.str() + ", ";
  }
  auto option = [&](const char *name, const std::optional<ScalarValue> &value,
                    std::optional<int64_t> fallback) -> bool {
    if (value && !value->isKnown()) return false;
    if (value)
      identity += std::string(name) + "=" + value->str() + ", ";
    else if (fallback)
      identity += std::string(name) + "=" + std::to_string(*fallback) + ", ";
    return true;
  };
  if (!tritonOptions) {
    if (identity.size() >= 2) identity.resize(identity.size() - 2);
    return identity;
  }
  if (!option("num_warps", config.numWarps, kDefaultNumWarps) ||
      !option("num_stages", config.numStages, kDefaultNumStages) ||
      !option("num_ctas", config.numCtas, kDefaultNumCtas) ||
      !option("maxnreg", config.maxnreg, std::nullopt))
    return std::nullopt;
  if (identity.size() >= 2) identity.resize(identity.size() - 2);
  return identity;
}

bool allKnown(const Config &config, bool tritonOptions) {
  for (const auto &[name, value] : config.params)
    if (!value.isKnown()) return false;
  if (!tritonOptions) return true;
  for (const auto *option : {&config.numWarps, &config.numStages, &config.numCtas, &config.maxnreg})
    if (*option && !(*option)->isKnown()) return false;
  return true;
}

bool runTheSame(const Config &a, const Config &b, bool tritonOptions) {
  if (a.params != b.params) return false;
  if (!tritonOptions) return true;
  return effectiveOption(a.numWarps, kDefaultNumWarps) == effectiveOption(b.numWarps, kDefaultNumWarps) &&
         effectiveOption(a.numStages, kDefaultNumStages) == effectiveOption(b.numStages, kDefaultNumStages) &&
         effectiveOption(a.numCtas, kDefaultNumCtas) == effectiveOption(b.numCtas, kDefaultNumCtas) &&
         a.maxnreg == b.maxnreg;
}

// Equal for configs that run the same (runTheSame); the options hash after defaults.
size_t identityHash(const Config &config, bool tritonOptions) {
  // The configs of one list mostly set the same names: their values tell
  // them apart, and the names' lengths and last letters are enough to mix in.
  size_t hash = config.params.size();
  for (const auto &[name, value] : config.params)
    hash = mixHash(mixHash(hash, name.size() * 131 + (name.empty() ? 0 : static_cast<unsigned char>(name.back()))),
                   hashValue(value));
  if (!tritonOptions) return hash;
  auto option = [&](const std::optional<ScalarValue> &value, std::optional<int64_t> fallback) {
    std::optional<ScalarValue> effective = effectiveOption(value, fallback);
    hash = mixHash(hash, effective ? hashValue(*effective) : 11);
  };
  option(config.numWarps, kDefaultNumWarps);
  option(config.numStages, kDefaultNumStages);
  option(config.numCtas, kDefaultNumCtas);
  option(config.maxnreg, std::nullopt);
  return hash;
}

std::optional<DotRequirement> dotRequirement(const DotSite &dot, const Kernel &kernel, std::string_view settingsDtype,
                                             std::string_view settingsDtypeSource) {
  if (dot.scaled) return std::nullopt;
  DotRequirement requirement;
  if (dot.a.size() >= 2) requirement.k = &dot.a.back();
  else if (dot.b.size() >= 2) requirement.k = &dot.b[dot.b.size() - 2];
  else return std::nullopt;
  if (!dot.inputDtype.empty()) {
    requirement.dtype = dot.inputDtype;
  } else if (!kernel.dtype.empty()) {
    requirement.dtype = kernel.dtype;
    requirement.assumption = describeAssumption(kernel.dtype, kernel.dtypeSource);
    requirement.assumptionPlace = kernel.dtypeSourceSpan;
  } else {
    requirement.dtype = std::string(settingsDtype);
    requirement.assumption = describeAssumption(settingsDtype, settingsDtypeSource);
  }
  const std::optional<int> bits = dtypeBits(requirement.dtype);
  if (!bits) return std::nullopt;
  requirement.minimumK = minimumDotK(*bits);
  return requirement;
}

std::vector<Elimination> tileEliminations(const Kernel &kernel, const Config &config, const ArchInfo &arch,
                                          std::string_view settingsDtype, std::string_view settingsDtypeSource) {
  std::vector<Elimination> found;
  std::set<std::string> said;
  for (const TileShape &tile : kernel.tiles)
    for (const TileDim &dim : tile.dims) {
      const std::optional<int64_t> value = evaluateDim(dim, config, kernel);
      if (!value || isPowerOfTwo(*value) || !said.insert(dim.text).second) continue;
      found.push_back({"tile-not-power-of-two", "",
                       "tile extent `" + dim.text + "` = " + std::to_string(*value) + " (line " +
                           std::to_string(dim.span.valid() ? dim.span.line : tile.span.line) +
                           ") is not a power of two"});
    }
  if (arch.vendor != Vendor::Nvidia) return found; // Triton's AMD backend accepts any K
  for (const DotSite &dot : kernel.dots) {
    const std::optional<DotRequirement> requirement = dotRequirement(dot, kernel, settingsDtype, settingsDtypeSource);
    if (!requirement) continue;
    const std::optional<int64_t> k = evaluateDim(*requirement->k, config, kernel);
    if (!k || *k >= requirement->minimumK) continue;
    found.push_back({"dot-operand-too-small", "",
                     "the tl.dot at line " + std::to_string(dot.span.line) + " has K = " + std::to_string(*k) + "; " +
                         requirement->dtype + " inputs need K >= " + std::to_string(requirement->minimumK)});
  }
  return found;
}

std::vector<Elimination> namedTileEliminations(const Config &config) {
  std::vector<Elimination> found;
  for (const auto &[name, value] : config.params)
    if (namedLikeTile(name) && value.isInt() && !isPowerOfTwo(value.asInt()))
      found.push_back({"tile-not-power-of-two", "",
                       "`" + name + "` = " + std::to_string(value.asInt()) +
                           " is not a power of two (a tile, by its name)"});
  return found;
}

std::vector<Elimination> prunerEliminations(const AutotuneSpec &spec, const Config &config, std::optional<bool> fits,
                                            std::optional<bool> spills,
                                            const std::map<std::string, int64_t> *shapes) {
  std::vector<Elimination> found;
  if (!spec.hasPruner) return found;
  const std::string pruner = prunerPhrase(spec);
  if (const AutotuneSpec::KeepCondition *keep = failedPrunerKeep(spec, config))
    found.push_back({"pruner", "",
                     pruner + " keeps only configs with `" + keep->key + " " + keep->op + " " +
                         std::to_string(keep->value) + "`: it drops this one before compiling it"});
  if (spec.prunerLimits.count("smem") && fits && !*fits)
    found.push_back({"pruner", "", pruner + " compares shared memory with the limit: it drops this config before "
                                            "compiling it"});
  if (spec.prunerLimits.count("registers") && spills && *spills)
    found.push_back({"pruner", "", pruner + " compares register use with a limit: it drops this config before "
                                            "compiling it"});
  if (!shapes) return found;
  for (const std::string &limit : spec.prunerLimits) {
    const size_t at = limit.find("<=");
    if (at == std::string::npos) continue;
    const std::string tile = limit.substr(0, at), size = limit.substr(at + 2);
    auto value = config.params.find(tile);
    auto shape = shapes->find(size);
    if (value == config.params.end() || !value->second.isInt() || shape == shapes->end()) continue;
    if (value->second.asInt() <= shape->second) continue;
    found.push_back({"pruner", "",
                     pruner + " drops it: `" + tile + "` = " + std::to_string(value->second.asInt()) + " is over " +
                         size + " = " + std::to_string(shape->second) + " (the kernel's shapes in .btlint.yaml)"});
  }
  return found;
}

std::optional<CudaInstanceVerdict> judgeCudaInstance(const Kernel &instance, const FileModel &file,
                                                     const ArchInfo &arch) {
  if (!instance.staticSharedBytes) return std::nullopt;
  CudaInstanceVerdict verdict;
  verdict.threads = intOf(instance.launchBoundsThreads);
  for (const ConfigUse &use : file.configUsesOf(instance)) {
    if (!use.launch) continue;
    const LaunchSite &launch = *use.launch;
    if (launch.dynamicSmemBytes) {
      if (launch.dynamicSmemBytes->isInt())
        verdict.dynamicBytes = std::max(verdict.dynamicBytes, launch.dynamicSmemBytes->asInt());
      else verdict.dynamicUnknown = true;
    }
    if (auto block = intOf(launch.blockThreads)) verdict.threads = std::max(verdict.threads.value_or(0), *block);
  }
  verdict.staticBytes = *instance.staticSharedBytes;
  verdict.totalBytes = verdict.staticBytes + verdict.dynamicBytes;
  verdict.fits = verdict.totalBytes <= arch.maxSharedPerBlockOptIn;
  if (verdict.staticBytes > arch.staticSharedLimit)
    verdict.eliminatedBy.push_back({"static-smem-over-48k", "",
                                    std::to_string(verdict.staticBytes) + " bytes of static __shared__; ptxas allows " +
                                        std::to_string(arch.staticSharedLimit)});
  if (!verdict.fits) {
    verdict.eliminatedBy.push_back({"smem-over-budget", "",
                                    "needs " + std::to_string(verdict.totalBytes) + " bytes of shared memory, " +
                                        arch.name + " allows " + std::to_string(arch.maxSharedPerBlockOptIn)});
  } else if (verdict.dynamicBytes > arch.staticSharedLimit) {
    bool optedIn = instance.hasOptInDynamicSmem;
    for (const DynamicSmemOptIn &call : file.dynamicSmemOptIns)
      if (call.kernel == instance.name && (!call.bytes || *call.bytes >= verdict.dynamicBytes)) optedIn = true;
    if (!optedIn)
      verdict.eliminatedBy.push_back({"dynamic-smem-missing-optin", "",
                                      std::to_string(verdict.dynamicBytes) +
                                          " bytes of dynamic shared memory without cudaFuncSetAttribute(..., "
                                          "cudaFuncAttributeMaxDynamicSharedMemorySize, ...): the launch fails"});
  }
  if (verdict.threads && *verdict.threads > arch.maxThreadsPerBlock)
    verdict.eliminatedBy.push_back({"block-size-invalid", "",
                                    "blocks of " + std::to_string(*verdict.threads) + " threads; " + arch.name +
                                        " allows " + std::to_string(arch.maxThreadsPerBlock)});
  return verdict;
}

} // namespace btlint::resources
