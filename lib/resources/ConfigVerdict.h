#pragma once
// Per-config verdicts shared by the resource rules (smem-over-budget,
// register-spill-risk, low-occupancy, all-configs-pruned) and `btlint report`:
// for one config of a Triton kernel (or one CUDA instantiation or launch) and
// one arch, whether its shared memory fits, whether it spills, how many
// blocks and warps can be resident per SM, and why the autotuner would drop
// it. The rules decide what to report; these functions only judge, so the
// report and the rules can never disagree.
#include "arch/ArchTable.h"
#include "model/KernelModel.h"
#include "model/Launches.h"
#include "resources/KernelResourceAdapter.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace btlint::resources {

// The integer a config field or launch value holds, when it is one.
std::optional<int64_t> intOf(const std::optional<ScalarValue> &value);

enum class Fit {
  Fits,        // even the upper end of the estimate is within the limit
  Overflows,   // even the lower end is above the limit
  MayOverflow, // the limit lies inside the estimate's range
  Unknown,     // no estimate (a size does not resolve)
};
std::string_view fitName(Fit fit);

// Shared memory against a per-block limit, for an estimate that may be a range.
Fit sharedMemoryFit(int64_t minBytes, int64_t maxBytes, int64_t limit);

// How sure the register model is that ptxas spills.
enum class Spill {
  No,        // working set under the calibrated threshold
  Possible,  // at or a little above the threshold: the model's own error band
  Confident, // far enough above the threshold that every such row of the table spilled
};
std::string_view spillName(Spill spill);

// The margin above the calibrated threshold from which a spill is
// "confident": on test/calibration/triton-3.6.0.csv, of the 382 dot configs
// whose working set reaches threshold * kConfidentSpillPercent / 100, 381
// spilled (test_resources_rule_verdicts.cpp checks at least 99.5%; at 125%
// it was 471 of 474).
constexpr int64_t kConfidentSpillPercent = 150;
Spill spillOf(const RegisterEstimate &registers, int64_t confidentPercent = kConfidentSpillPercent);

// Resident blocks per SM and what limits them (CUDA occupancy calculator
// rules: shared memory per SM with the per-block system reservation,
// registers allocated per warp in units of 256, threads and blocks per SM).
struct Occupancy {
  int64_t blocksByShared = 0;
  int64_t blocksByRegisters = 0;
  int64_t blocksByThreads = 0;
  int64_t blocksByHardware = 0;
  int64_t blocks = 0; // the minimum of the above
  int64_t warpsPerBlock = 0;
  int64_t warps = 0;  // resident warps per SM
  int64_t maxWarps = 0; // the SM's warp slots
  std::string limitedBy; // "shared memory", "registers", "threads per SM", "blocks per SM"
};
// sharedBytes and registersPerThread of one block; registersPerThread 0
// means unknown (registers then do not limit).
Occupancy occupancyOf(int64_t sharedBytes, int64_t registersPerThread, int64_t threadsPerBlock,
                      const ArchInfo &arch);

// The most registers per thread ptxas gives a kernel declared with
// `__launch_bounds__(threads, minBlocks)` (minBlocks 1 when not written) on
// `arch`: the register file is split over the SM's four schedulers, each
// holding a quarter of the resident warps (rounded up), allocated per warp in
// units of 256; at most arch.maxRegistersPerThread. Measured with ptxas 13.0
// (docs/measurements/register-caps): (256, 3) gives 80, (96, 5) 128, (160, 5) 72.
int64_t launchBoundsRegisterCap(const ArchInfo &arch, int64_t threads, int64_t minBlocks);

// The element type a Triton kernel's resources are estimated with, and where
// it came from (the kernel's own setting or mention first, then --dtype).
std::pair<std::string, std::string> resourceDtypeOf(const Kernel &kernel, std::string_view settingsDtype,
                                                    std::string_view settingsDtypeSource);
// Whether that type is an assumption: nothing in the kernel, a comment, the
// config or the command line says what its tl.dot inputs are.
bool dtypeIsAssumed(const Kernel &kernel, std::string_view settingsDtypeSource);
// The narrowest element type (1 byte): what a verdict that must not rest
// on an assumed type is checked with.
inline constexpr std::string_view kNarrowestDtype = "int8";

// One reason Triton cannot run a config on an arch, as data: the rule that
// reports it, the short cause all-configs-pruned counts by, and the numbers.
struct Elimination {
  std::string rule;   // "smem-over-budget", "num-warps-invalid", "num-ctas-unsupported"
  std::string cause;  // "shared memory", "threads", "num_warps", "num_ctas" (empty: the detail says it)
  std::string detail; // "needs 245760 bytes, sm90 allows 232448"
  std::string text() const { return cause.empty() ? detail : cause + ": " + detail; }
};

// What a config breaks that needs no estimate, whatever the kernel: num_warps
// not a power of two, more threads per block than the arch has, a num_ctas
// the arch cannot run. (Triton's default num_warps when the config sets none.)
std::vector<Elimination> launchLimitEliminations(const Config &config, const ArchInfo &arch);

struct TritonConfigVerdict {
  // The numbers only (Detail::Numbers): explainTritonConfig gives the
  // breakdown and the assumptions. nullopt: see unknownReason.
  std::optional<KernelResourceEstimate> estimate;
  std::string unknownReason;
  int64_t sharedLimit = 0;
  Fit shared = Fit::Unknown;
  Spill spill = Spill::No;
  // Registers count only for kernels with tl.dot: without dots ptxas
  // streams elementwise tiles and the register count is not predictable
  // (the calibration table has 65536-wide rows in 40 registers).
  std::optional<Occupancy> occupancy;
  int numWarps = 0;  // as used (Triton's default when the config sets none)
  int numStages = 0;
  // Why Triton cannot run this config on the arch (empty: it can).
  std::vector<Elimination> eliminatedBy;
  bool eliminated() const { return !eliminatedBy.empty(); }
};

// The uses of a kernel with their verdicts (judgeConfigUses).
struct JudgedUses {
  std::vector<const ConfigUse *> uses;
  std::vector<TritonConfigVerdict> verdicts; // verdicts[i] judges *uses[i]
};

// The verdicts of one file's kernels on one arch, kept while its rules run
// (one cache per file and arch: the engine gives each file's rules one, and
// `btlint report` its own), so the rules that judge the same configs share
// one computation.
class VerdictCache {
public:
  VerdictCache();
  ~VerdictCache();
  VerdictCache(const VerdictCache &) = delete;
  VerdictCache &operator=(const VerdictCache &) = delete;

private:
  friend const TritonConfigVerdict &judgeTritonConfig(VerdictCache &, const Kernel &, const Config &,
                                                      const ArchInfo &, std::string_view, std::string_view);
  friend const JudgedUses &judgeConfigUses(VerdictCache &, const FileModel &, const Kernel &, const Kernel &,
                                           const ArchInfo &, std::string_view, std::string_view);
  struct State;
  std::unique_ptr<State> state_;
};

// Judged once per kernel, config values, arch and dtype (kept in `cache`).
const TritonConfigVerdict &judgeTritonConfig(VerdictCache &cache, const Kernel &kernel, const Config &config,
                                             const ArchInfo &arch, std::string_view dtype,
                                             std::string_view dtypeSource);
// The same estimate with its breakdown and assumptions, for the configs a
// rule reports on and for `btlint report` (not cached: only those pay for the text).
std::optional<KernelResourceEstimate> explainTritonConfig(const Kernel &kernel, const Config &config,
                                                          const ArchInfo &arch, std::string_view dtype,
                                                          std::string_view dtypeSource);

// num_ctas > 1 needs thread-block clusters: NVIDIA sm90 and sm100 in Triton
// 3.6 (not sm120, which Triton rejects; not AMD). Empty when supported.
std::string numCtasProblem(int64_t numCtas, const ArchInfo &arch);

// The config uses of `kernel` (a kernel of `file`: FileModel::configUsesOf)
// but its defaults, with their verdicts on one arch, estimated with `body`'s
// code (the kernel itself, or for a YAML tuning table the Triton kernel it
// tunes). The rules that judge every use on an arch share one computation,
// kept in `cache`.
const JudgedUses &judgeConfigUses(VerdictCache &cache, const FileModel &file, const Kernel &kernel,
                                  const Kernel &body, const ArchInfo &arch, std::string_view dtype,
                                  std::string_view dtypeSource);

// A CUDA kernel instantiation with a launch: static plus dynamic shared
// memory against the arch's per-block opt-in limit.
struct CudaLaunchVerdict {
  std::optional<int64_t> staticBytes;
  std::optional<int64_t> dynamicBytes;
  std::optional<int64_t> totalBytes; // unknown when the static bytes are
  int64_t limit = 0;
  Fit shared = Fit::Unknown;
};
CudaLaunchVerdict judgeCudaLaunch(const Kernel &kernel, const LaunchSite *launch, const ArchInfo &arch);

// The most blocks of a CUDA launch one SM holds, from its block size and
// shared memory (static plus dynamic) alone: registers, ptxas's choice, are
// not counted and can only lower it. Unknown when the block or the shared
// memory is unknown, the block is over the arch's limit, or the shared memory
// does not fit (other rules report those).
struct CudaOccupancyBound {
  int64_t threads = 0;
  CudaLaunchVerdict shared; // its totalBytes is known
  Occupancy occupancy;
};
std::optional<CudaOccupancyBound> cudaOccupancyBound(const Kernel &kernel, const LaunchSite &launch,
                                                     const ArchInfo &arch);

} // namespace btlint::resources
