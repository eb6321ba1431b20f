#include "resources/ConfigVerdict.h"
#include "rules/ConfigUses.h"
#include "rules/Rule.h"
#include "rules/MergeAtLiteral.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace btlint {
namespace {


struct Finding {
  SourceSpan span;
  std::string message;
  std::vector<Note> notes;
  std::vector<std::string> others;
  int64_t minimumWarps = 0; // the threshold it fell under
  const Kernel *kernel = nullptr;
  std::vector<const Config *> configs;
};

std::string blocksText(int64_t blocks) { return std::to_string(blocks) + (blocks == 1 ? " block" : " blocks"); }

SourceSpan fallbackSpan(const ConfigUse &use) {
  if (use.launch) return use.launch->span;
  return use.values().span.valid() ? use.values().span : use.list->span;
}

// The literal to change for what limits the occupancy: the largest tile for
// shared memory and registers, num_warps when the block is too small.
SourceSpan drivingSpan(const Kernel &kernel, const ConfigUse &use, const std::string &limitedBy) {
  if (use.listed && !use.listed->sourcePath.empty()) return use.list->span;
  if (limitedBy == "threads per SM" || limitedBy == "blocks per SM") {
    if (use.values().numWarps && use.values().numWarps->span().valid()) return use.values().numWarps->span();
    return fallbackSpan(use);
  }
  const bool pipelined = use.values().numStages && use.values().numStages->isInt() &&
                         use.values().numStages->asInt() > 1 && use.values().numStages->span().valid() &&
                         std::any_of(kernel.loops.begin(), kernel.loops.end(),
                                     [](const Loop &loop) { return loop.containsDot && !loop.isStaticRange; });
  if (limitedBy == "shared memory" && pipelined) return use.values().numStages->span();
  const ScalarValue *largest = nullptr;
  for (const auto &[name, value] : use.values().params) {
    if (!value.isInt() || !value.span().valid() || !kernel.tileParams.count(name)) continue;
    if (!largest || value.asInt() > largest->asInt()) largest = &value;
  }
  return largest ? largest->span() : fallbackSpan(use);
}

class LowOccupancy : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "low-occupancy";
    info.category = RuleCategory::Resources;
    info.defaultSeverity = Severity::Warning;
    info.measure = Measure::Occupancy;
    info.summary = "a config leaves too few warps resident per SM";
    info.doc.whatItDoes =
        "For every config (or launch) of a Triton kernel and every target `--arch`, computes how "
        "many blocks of that config fit on one SM at once, the way the CUDA occupancy calculator "
        "does: the estimated shared memory per block (with the 1 KiB the system reserves per "
        "block), threads and blocks per SM, and for kernels with `tl.dot` the estimated registers "
        "per thread (allocated per warp in units of 256). It reports a config that leaves fewer "
        "resident warps per SM than its threshold, naming what limits it. Kernels without "
        "`tl.dot` (elementwise, reductions, normalisations: bound by memory bandwidth) must keep "
        "`min-resident-warps` (default 16); kernels with `tl.dot` trade occupancy for data reuse "
        "on purpose, and one or two large blocks per SM is the norm, so they are held only to "
        "`min-resident-warps-with-dot` (default 4). Registers of kernels without `tl.dot` are not "
        "counted: ptxas streams their tiles, and the calibration table shows 65536-wide rows "
        "compiled into 40 registers. On the calibration table the rule fires exactly on the "
        "configs whose measured shared memory and registers leave too few warps. For CUDA, every "
        "launch whose block size and shared memory (static plus dynamic) are known is judged the same "
        "way without registers, which are ptxas's choice: the count is then an upper bound, and the "
        "rule fires only where even it falls under the threshold. A CUDA kernel with tensor-core "
        "instructions (`wmma::mma_sync`, `mma`/`wgmma` inline assembly) is held to the threshold for "
        "kernels with a dot. A CUDA launch whose grid is a known constant small enough for every "
        "block to be resident at once under the limit (a one-block bookkeeping pass, one block per "
        "SM) is not reported: no block waits for it. A CUDA file the project's build compiles only for other GPUs (its build files name `sm_100a` and nothing of the target arch's family) is not judged for the target arch.";
    info.doc.whyItMatters =
        "A memory-bound kernel hides DRAM latency by keeping many loads in flight, and the "
        "loads in flight come from resident warps: with fewer than 16 warps per SM (a quarter of "
        "the 64 warp slots of sm80/sm90, a third of sm86/sm89's 48) a streaming kernel usually "
        "stays well under its bandwidth peak. An SM has four schedulers, each with its own "
        "tensor cores; with fewer than 4 resident warps some of them have nothing to run, so a "
        "GEMM config with one or two warps whose shared memory admits a single block uses at "
        "most half of the SM. The thresholds are options because the right value depends on how "
        "much each warp keeps in flight.";
    info.doc.example = "triton.Config({\"BLOCK_M\": 128, \"BLOCK_N\": 128, \"BLOCK_K\": 64}, num_stages=4, "
                       "num_warps=2)\n"
                       "# sm80: 3 x 32768 bytes of operand rings, 1 block of 2 warps per SM\n";
    info.doc.useInstead = "triton.Config({\"BLOCK_M\": 128, \"BLOCK_N\": 128, \"BLOCK_K\": 64}, num_stages=4, "
                          "num_warps=8)\n"
                          "# the same tile over 8 warps: every scheduler of the SM has work\n";
    info.options = {
        {"min-resident-warps", "int", "16",
         "fewest resident warps per SM a config of a kernel without `tl.dot` should allow"},
        {"min-resident-warps-with-dot", "int", "4",
         "fewest resident warps per SM a config of a kernel with `tl.dot` should allow (one per scheduler)"},
    };
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch) return;
    const int64_t minimumWithoutDot = context.options().getInt("min-resident-warps");
    const int64_t minimumWithDot = context.options().getInt("min-resident-warps-with-dot");
    FindingsAtLiterals<Finding> findings;
    for (const Kernel &kernel : context.file().kernels) {
      const int64_t minimum = kernel.dots.empty() ? minimumWithoutDot : minimumWithDot;
      if (kernel.language == Language::Cuda) {
        if (context.projectBuildsForArch()) checkCuda(context, *arch, kernel, minimum, findings);
        continue;
      }
      if (kernel.language != Language::Python) continue;
      if (kernel.calledByKernel && !kernel.autotune) continue;
      const auto [dtype, dtypeSource] =
          resources::resourceDtypeOf(kernel, context.settings().dtype, context.settings().dtypeSource);
      const resources::JudgedUses &judged =
          resources::judgeConfigUses(context.caches().verdicts, context.file(), kernel, kernel, *arch, dtype, dtypeSource);
      for (size_t i = 0; i < judged.uses.size(); ++i) {
        const ConfigUse &use = *judged.uses[i];
        const resources::TritonConfigVerdict &verdict = judged.verdicts[i];
        if (!verdict.occupancy || verdict.eliminated()) continue; // other rules report those
        const resources::Occupancy &occupancy = *verdict.occupancy;
        if (occupancy.warps >= minimum) continue;
        auto [finding, fresh] = findings.at(drivingSpan(kernel, use, occupancy.limitedBy));
        addConfig(finding.configs, use.listed);
        if (!fresh) {
          finding.others.push_back(use.label());
          continue;
        }
        finding.minimumWarps = minimum;
        finding.kernel = &kernel;
        finding.message = use.label() + " of `" + kernel.name + "` allows " + std::to_string(occupancy.blocks) +
                          (occupancy.blocks == 1 ? " block" : " blocks") + " of " +
                          std::to_string(occupancy.warpsPerBlock) + (occupancy.warpsPerBlock == 1 ? " warp" : " warps") +
                          " per SM on " + arch->name + ", " + std::to_string(occupancy.warps) + " of " +
                          std::to_string(occupancy.maxWarps) + " warp slots (fewer than " + std::to_string(minimum) +
                          "), limited by " + occupancy.limitedBy;
        const resources::KernelResourceEstimate &estimate = *verdict.estimate;
        if (use.listed && !use.listed->expansion.empty()) finding.notes.push_back(use.listed->expansion.note());
        finding.notes.push_back("per block: " +
                                (kernel.dots.empty()
                                     ? std::string("registers not counted, ")
                                     : "about " + std::to_string(estimate.registers.registersPerThread) +
                                           " registers per thread (" + blocksText(occupancy.blocksByRegisters) + "), ") +
                                (estimate.shared.minBytes > 0
                                     ? std::to_string(estimate.shared.minBytes) + " bytes of shared memory (" +
                                           blocksText(occupancy.blocksByShared) + ")"
                                     : std::string("no shared memory")) +
                                "; " + blocksText(occupancy.blocksByThreads) + " by threads per SM");
        finding.notes.push_back(
            Note("assumed: element type " + dtype + " (" + dtypeSource + ")", dtypeSourcePlace(kernel, dtypeSource)));
        finding.notes.push_back(occupancy.limitedBy == "threads per SM" || occupancy.limitedBy == "blocks per SM"
                                    ? "use more warps per block"
                                    : "spread the tile over more warps, or use a smaller tile with a loop");
      }
    }
    report(context, findings);
  }

private:
  // A CUDA launch whose block and shared memory are known: ptxas's registers
  // are not, so the occupancy counted without them is an upper bound, and a
  // launch under the threshold even so is certainly under it.
  static void checkCuda(RuleContext &context, const ArchInfo &arch, const Kernel &kernel, int64_t minimum,
                        FindingsAtLiterals<Finding> &findings) {
    if (arch.vendor != Vendor::Nvidia) return;
    for (const ConfigUse &use : context.file().configUsesOf(kernel)) {
      if (!use.launch) continue;
      const LaunchSite &launch = *use.launch;
      const std::optional<resources::CudaOccupancyBound> bound = resources::cudaOccupancyBound(kernel, launch, arch);
      if (!bound) continue;
      const resources::Occupancy &occupancy = bound->occupancy;
      const resources::CudaLaunchVerdict &verdict = bound->shared;
      const int64_t threads = bound->threads;
      if (occupancy.warps >= minimum) continue;
      // Every block of a known grid resident at once: no block waits for
      // the limit, so it costs nothing (a one-block bookkeeping launch).
      if (const std::optional<int64_t> blocks = gridBlocks(launch);
          blocks && arch.smCount > 0 && *blocks <= static_cast<int64_t>(arch.smCount) * occupancy.blocks)
        continue;
      Finding finding;
      finding.span = launch.blockThreads->span().valid() ? launch.blockThreads->span() : launch.span;
      finding.minimumWarps = minimum;
      finding.kernel = &kernel;
      finding.message = "the launch of `" + kernel.name + "` allows at most " + blocksText(occupancy.blocks) + " of " +
                        std::to_string(occupancy.warpsPerBlock) + (occupancy.warpsPerBlock == 1 ? " warp" : " warps") +
                        " per SM on " + arch.name + ", " + std::to_string(occupancy.warps) + " of " +
                        std::to_string(occupancy.maxWarps) + " warp slots (fewer than " + std::to_string(minimum) +
                        "), limited by " + occupancy.limitedBy;
      finding.notes.push_back(
          "per block: " +
          (*verdict.totalBytes > 0 ? std::to_string(*verdict.totalBytes) + " bytes of shared memory (" +
                                         std::to_string(verdict.staticBytes.value_or(0)) + " static + " +
                                         std::to_string(verdict.dynamicBytes.value_or(0)) + " dynamic: " +
                                         blocksText(occupancy.blocksByShared) + ")"
                                   : std::string("no shared memory")) +
          ", " + std::to_string(threads) + " threads (" + blocksText(occupancy.blocksByThreads) + " by threads per SM)");
      finding.notes.push_back("registers are not counted (ptxas's choice): they can only lower this");
      finding.notes.push_back(occupancy.limitedBy == "threads per SM" || occupancy.limitedBy == "blocks per SM"
                                  ? "use more threads per block"
                                  : "give each block more threads for the same shared memory, or stage less of the "
                                    "tile at once");
      findings.add(std::move(finding), "the launch at line " + std::to_string(launch.span.line));
    }
  }

  static std::optional<int64_t> gridBlocks(const LaunchSite &launch) {
    if (launch.gridDims.size() != 3) return std::nullopt;
    int64_t blocks = 1;
    for (const ScalarValue &extent : launch.gridDims) {
      if (!extent.isInt() || extent.asInt() <= 0) return std::nullopt;
      blocks *= extent.asInt();
    }
    return blocks;
  }

  static void report(RuleContext &context, const FindingsAtLiterals<Finding> &findings) {
    for (const Finding &finding : findings) {
      auto diagnostic = context.report(finding.span, finding.message);
      diagnostic.measure(Measure::Occupancy, finding.minimumWarps);
      diagnostic.about(*finding.kernel, finding.configs);
      for (const Note &note : finding.notes) diagnostic.note(note);
      if (!finding.others.empty()) diagnostic.note(alsoNote("limits", finding.others));
    }
  }
};

BTLINT_REGISTER_RULE(LowOccupancy);

} // namespace
} // namespace btlint
