#include "resources/ConfigVerdict.h"
#include "resources/ConfigChecks.h"

#include <algorithm>
#include <limits>

namespace btlint::resources {

std::optional<int64_t> intOf(const std::optional<ScalarValue> &value) {
  if (value && value->isInt()) return value->asInt();
  return std::nullopt;
}

std::string_view fitName(Fit fit) {
  switch (fit) {
  case Fit::Fits: return "fits";
  case Fit::Overflows: return "overflows";
  case Fit::MayOverflow: return "may overflow";
  case Fit::Unknown: break;
  }
  return "unknown";
}

Fit sharedMemoryFit(int64_t minBytes, int64_t maxBytes, int64_t limit) {
  if (minBytes > limit) return Fit::Overflows;
  if (maxBytes > limit) return Fit::MayOverflow;
  return Fit::Fits;
}

std::string_view spillName(Spill spill) {
  switch (spill) {
  case Spill::No: return "no";
  case Spill::Possible: return "possible";
  case Spill::Confident: break;
  }
  return "confident";
}

Spill spillOf(const RegisterEstimate &registers, int64_t confidentPercent) {
  if (!registers.spills || registers.spillThreshold <= 0) return Spill::No;
  if (registers.workingSet * 100 >= registers.spillThreshold * confidentPercent) return Spill::Confident;
  if (registers.registerCap > 0 && registers.accumulatorRegisters > registers.registerCap) return Spill::Confident;
  return Spill::Possible;
}

Occupancy occupancyOf(int64_t sharedBytes, int64_t registersPerThread, int64_t threadsPerBlock,
                      const ArchInfo &arch) {
  Occupancy occupancy;
  const int64_t warpSize = std::max(arch.warpSize, 1);
  const int64_t unlimited = std::numeric_limits<int64_t>::max();
  threadsPerBlock = std::max<int64_t>(threadsPerBlock, 1);
  occupancy.warpsPerBlock = (threadsPerBlock + warpSize - 1) / warpSize;
  occupancy.maxWarps = arch.maxThreadsPerSM / warpSize;
  occupancy.blocksByHardware = arch.maxBlocksPerSM;
  occupancy.blocksByThreads = arch.maxThreadsPerSM / (occupancy.warpsPerBlock * warpSize);
  occupancy.blocksByShared =
      sharedBytes > 0 ? arch.maxSharedPerSM / (sharedBytes + arch.reservedSharedPerBlock) : unlimited;
  occupancy.blocksByRegisters = unlimited;
  if (registersPerThread > 0 && arch.vendor == Vendor::Nvidia) {
    // Registers are allocated per warp in units of 256 (8 per thread).
    const int64_t perWarp = (registersPerThread * warpSize + 255) / 256 * 256;
    occupancy.blocksByRegisters = arch.registersPerSM / (perWarp * occupancy.warpsPerBlock);
  }
  struct Limit {
    int64_t blocks;
    const char *name;
  };
  // Ties go to the first: what the user can change most easily last.
  const Limit limits[] = {{occupancy.blocksByShared, "shared memory"},
                          {occupancy.blocksByRegisters, "registers"},
                          {occupancy.blocksByThreads, "threads per SM"},
                          {occupancy.blocksByHardware, "blocks per SM"}};
  const Limit *lowest = &limits[0];
  for (const Limit &limit : limits)
    if (limit.blocks < lowest->blocks) lowest = &limit;
  occupancy.blocks = lowest->blocks;
  occupancy.limitedBy = lowest->name;
  occupancy.warps = occupancy.blocks * occupancy.warpsPerBlock;
  return occupancy;
}

int64_t launchBoundsRegisterCap(const ArchInfo &arch, int64_t threads, int64_t minBlocks) {
  constexpr int64_t kSchedulersPerSM = 4; // every NVIDIA SM since sm70
  const int64_t warpSize = std::max(arch.warpSize, 1);
  const int64_t warps = std::max<int64_t>(minBlocks, 1) * ((std::max<int64_t>(threads, 1) + warpSize - 1) / warpSize);
  const int64_t warpsPerScheduler = (warps + kSchedulersPerSM - 1) / kSchedulersPerSM;
  const int64_t perWarp = arch.registersPerSM / kSchedulersPerSM / warpsPerScheduler / 256 * 256;
  return std::min(arch.maxRegistersPerThread, perWarp / warpSize);
}

std::pair<std::string, std::string> resourceDtypeOf(const Kernel &kernel, std::string_view settingsDtype,
                                                    std::string_view settingsDtypeSource) {
  if (!kernel.dtype.empty()) return {kernel.dtype, kernel.dtypeSource};
  if (!settingsDtype.empty()) return {std::string(settingsDtype), std::string(settingsDtypeSource)};
  return {"fp16", "default"};
}

bool dtypeIsAssumed(const Kernel &kernel, std::string_view settingsDtypeSource) {
  if (!kernel.dtype.empty()) return kernel.dtypeAssumed;
  return settingsDtypeSource == "default";
}

std::string numCtasProblem(int64_t numCtas, const ArchInfo &arch) {
  if (numCtas <= 1) return {};
  if (arch.vendor == Vendor::Amd)
    return "Triton's AMD backend does not support num_ctas > 1 (no thread-block clusters)";
  if (!arch.supportsClusters)
    return "thread-block clusters, which num_ctas > 1 needs, start with sm90";
  if (arch.computeCapability >= 120)
    return "Triton rejects num_ctas > 1 on sm_120 (consumer Blackwell)";
  return {};
}

namespace {
// Fills a default-constructed verdict (in place: verdicts are large and the
// rules judge every config).
void judgeTritonConfigInto(TritonConfigVerdict &verdict, const Kernel &kernel, const Config &config,
                           const ArchInfo &arch, std::string_view dtype, std::string_view dtypeSource);

TritonConfigVerdict judgeTritonConfigUncached(const Kernel &kernel, const Config &config, const ArchInfo &arch,
                                              std::string_view dtype, std::string_view dtypeSource) {
  TritonConfigVerdict verdict;
  judgeTritonConfigInto(verdict, kernel, config, arch, dtype, dtypeSource);
  return verdict;
}

// Verdicts already computed for a kernel, by config values, arch and dtype:
// smem-over-budget, register-spill-risk, low-occupancy, all-configs-pruned
// and the report judge the same configs, and the estimate is the costly part.

std::string verdictKey(const Config &config, const ArchInfo &arch, std::string_view dtype,
                       std::string_view dtypeSource) {
  std::string key;
  key.reserve(64);
  key += arch.name;
  key += '|';
  key += dtype;
  key += '|';
  key += dtypeSource;
  for (const auto &[name, value] : config.params) {
    key += '|';
    key += name;
    key += '=';
    key += value.str();
  }
  auto optional = [&](const char *label, const std::optional<ScalarValue> &value) {
    key += '|';
    key += label;
    if (value) key += value->str();
  };
  optional("w", config.numWarps);
  optional("s", config.numStages);
  optional("c", config.numCtas);
  optional("r", config.maxnreg);
  return key;
}
} // namespace

struct KernelVerdicts {
  std::map<std::string, TritonConfigVerdict, std::less<>> byValues; // by verdictKey
  std::map<std::string, JudgedUses, std::less<>> judged;            // by dtype and body
};
struct VerdictCache::State {
  std::map<const Kernel *, KernelVerdicts> byKernel;
};
VerdictCache::VerdictCache() : state_(std::make_unique<State>()) {}
VerdictCache::~VerdictCache() = default;

const TritonConfigVerdict &judgeTritonConfig(VerdictCache &verdicts, const Kernel &kernel, const Config &config,
                                             const ArchInfo &arch, std::string_view dtype,
                                             std::string_view dtypeSource) {
  auto &cache = verdicts.state_->byKernel[&kernel].byValues;
  std::string key = verdictKey(config, arch, dtype, dtypeSource);
  if (auto found = cache.find(key); found != cache.end()) return found->second;
  return cache.emplace(std::move(key), judgeTritonConfigUncached(kernel, config, arch, dtype, dtypeSource))
      .first->second;
}

std::optional<KernelResourceEstimate> explainTritonConfig(const Kernel &kernel, const Config &config,
                                                          const ArchInfo &arch, std::string_view dtype,
                                                          std::string_view dtypeSource) {
  return estimateKernelResources(kernel, config, arch, dtype, dtypeSource, nullptr, Detail::Explained);
}

std::vector<Elimination> launchLimitEliminations(const Config &config, const ArchInfo &arch) {
  std::vector<Elimination> found;
  const int64_t warps = intOf(config.numWarps).value_or(kDefaultNumWarps);
  if (!isPowerOfTwo(warps))
    found.push_back({"num-warps-invalid", "num_warps", std::to_string(warps) + " is not a power of two"});
  const int64_t threads = warps * arch.warpSize;
  if (warps > 0 && threads > arch.maxThreadsPerBlock)
    found.push_back({"num-warps-invalid", "threads",
                     std::to_string(warps) + " warps are " + std::to_string(threads) + " threads, " + arch.name +
                         " allows " + std::to_string(arch.maxThreadsPerBlock)});
  if (auto ctas = intOf(config.numCtas)) {
    std::string problem = numCtasProblem(*ctas, arch);
    if (!problem.empty()) found.push_back({"num-ctas-unsupported", "num_ctas", std::to_string(*ctas) + "; " + problem});
  }
  return found;
}

namespace {
void judgeTritonConfigInto(TritonConfigVerdict &verdict, const Kernel &kernel, const Config &config,
                           const ArchInfo &arch, std::string_view dtype, std::string_view dtypeSource) {
  verdict.sharedLimit = arch.maxSharedPerBlockOptIn;
  verdict.numWarps = static_cast<int>(intOf(config.numWarps).value_or(kDefaultNumWarps));
  verdict.numStages = static_cast<int>(intOf(config.numStages).value_or(kDefaultNumStages));

  verdict.eliminatedBy = launchLimitEliminations(config, arch);
  const int64_t threads = static_cast<int64_t>(verdict.numWarps) * arch.warpSize;

  std::string why;
  if (!estimateKernelNumbers(kernel, config, arch, dtype, dtypeSource, verdict.estimate, &why)) {
    verdict.unknownReason = why.empty() ? "the estimate needs sizes that do not resolve" : why;
    return;
  }
  const KernelResourceEstimate &estimate = *verdict.estimate;
  verdict.shared = sharedMemoryFit(estimate.shared.minBytes, estimate.shared.maxBytes, verdict.sharedLimit);
  verdict.spill = spillOf(estimate.registers);
  if (verdict.numWarps > 0 && threads <= arch.maxThreadsPerBlock)
    verdict.occupancy = occupancyOf(estimate.shared.minBytes,
                                    kernel.dots.empty() ? 0 : estimate.registers.registersPerThread, threads, arch);
  if (verdict.shared == Fit::Overflows)
    verdict.eliminatedBy.insert(verdict.eliminatedBy.begin(),
                                {"smem-over-budget", "shared memory",
                                 "needs " + std::to_string(estimate.shared.minBytes) +
                                     (estimate.shared.exact() ? "" : " or more") + " bytes, " + arch.name +
                                     " allows " + std::to_string(verdict.sharedLimit)});
}
} // namespace

const JudgedUses &judgeConfigUses(VerdictCache &verdicts, const FileModel &file, const Kernel &kernel,
                                  const Kernel &body, const ArchInfo &arch, std::string_view dtype,
                                  std::string_view dtypeSource) {
  std::string key = arch.name;
  key += '|';
  key += dtype;
  key += '|';
  key += dtypeSource;
  key += '|';
  key += std::to_string(reinterpret_cast<uintptr_t>(&body));
  auto [found, inserted] = verdicts.state_->byKernel[&kernel].judged.try_emplace(std::move(key));
  JudgedUses &judged = found->second;
  if (!inserted) return judged;
  for (const ConfigUse &use : file.configUsesOf(kernel))
    if (use.source != ConfigUse::Source::Defaults) judged.uses.push_back(&use);
  judged.verdicts.reserve(judged.uses.size());
  for (const ConfigUse *use : judged.uses)
    judgeTritonConfigInto(judged.verdicts.emplace_back(), body, use->values(), arch, dtype, dtypeSource);
  return judged;
}

CudaLaunchVerdict judgeCudaLaunch(const Kernel &kernel, const LaunchSite *launch, const ArchInfo &arch) {
  CudaLaunchVerdict verdict;
  verdict.limit = arch.maxSharedPerBlockOptIn;
  verdict.staticBytes = kernel.staticSharedBytes;
  if (launch && launch->dynamicSmemBytes && launch->dynamicSmemBytes->isInt())
    verdict.dynamicBytes = launch->dynamicSmemBytes->asInt();
  else if (!launch || !launch->dynamicSmemBytes)
    verdict.dynamicBytes = 0; // no third launch argument: no dynamic shared memory
  if (!verdict.staticBytes) {
    // Static sizes that depend on template parameters: a lower bound from the
    // ones that are known.
    int64_t known = 0;
    for (const SharedAllocation &allocation : kernel.sharedAllocations)
      if (!allocation.isDynamic && allocation.bytes) known += *allocation.bytes;
    const int64_t lower = known + verdict.dynamicBytes.value_or(0);
    verdict.shared = lower > verdict.limit ? Fit::Overflows : Fit::Unknown;
    if (verdict.shared == Fit::Overflows) verdict.totalBytes = lower;
    return verdict;
  }
  if (!verdict.dynamicBytes) {
    verdict.shared = *verdict.staticBytes > verdict.limit ? Fit::Overflows : Fit::Unknown;
    if (verdict.shared == Fit::Overflows) verdict.totalBytes = verdict.staticBytes;
    return verdict;
  }
  verdict.totalBytes = *verdict.staticBytes + *verdict.dynamicBytes;
  verdict.shared = *verdict.totalBytes > verdict.limit ? Fit::Overflows : Fit::Fits;
  return verdict;
}

std::optional<CudaOccupancyBound> cudaOccupancyBound(const Kernel &kernel, const LaunchSite &launch,
                                                     const ArchInfo &arch) {
  if (!launch.blockThreads || !launch.blockThreads->isInt()) return std::nullopt;
  CudaOccupancyBound bound;
  bound.threads = launch.blockThreads->asInt();
  if (bound.threads <= 0 || bound.threads > arch.maxThreadsPerBlock) return std::nullopt;
  bound.shared = judgeCudaLaunch(kernel, &launch, arch);
  if (bound.shared.shared != Fit::Fits || !bound.shared.totalBytes) return std::nullopt;
  bound.occupancy = occupancyOf(*bound.shared.totalBytes, 0, bound.threads, arch);
  return bound;
}

} // namespace btlint::resources
