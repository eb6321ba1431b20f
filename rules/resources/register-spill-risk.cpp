#include "resources/ConfigChecks.h"
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


using Finding = LiteralFinding;

// The tile parameter with the largest value in the config: the accumulator
// grows with it.
SourceSpan largestTileSpan(const Kernel &kernel, const ConfigUse &use) {
  if (use.listed && !use.listed->sourcePath.empty()) return use.list->span;
  const ScalarValue *largest = nullptr;
  for (const auto &[name, value] : use.values().params) {
    if (!value.isInt() || !value.span().valid()) continue;
    if (!kernel.tileParams.count(name)) continue;
    if (!largest || value.asInt() > largest->asInt()) largest = &value;
  }
  if (largest) return largest->span();
  if (use.launch) return use.launch->span;
  return use.values().span.valid() ? use.values().span : use.list->span;
}

class RegisterSpillRisk : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "register-spill-risk";
    info.category = RuleCategory::Resources;
    info.defaultSeverity = Severity::Warning;
    info.measure = Measure::Spill;
    info.summary = "a config whose per-thread working set cannot stay in registers";
    info.doc.whatItDoes =
        "Counts, for every autotune config (or launch) of a Triton kernel and every target "
        "`--arch`, the 32-bit registers each thread must keep live: the fp32 accumulator tile and "
        "the operand fragments of a `tl.dot` over `num_warps * 32` threads, the output and score "
        "tiles of an attention loop, the live tiles of reductions and elementwise kernels. With "
        "several dots, the accumulators carried across one loop's iterations (`acc += tl.dot(...)`, "
        "`tl.dot(a, b, acc)`) count together with the largest fresh product of an iteration (`qk = "
        "tl.dot(q, k)`) and the largest operand fragments; dots that add into one variable (the "
        "two arms of `if FAST_ACCUM: acc = tl.dot(a, b, acc) else: acc += tl.dot(a, b)`, a chain "
        "of dots into `acc`) share its registers and count once; loops that run one after the other are "
        "not live together, and the largest of them counts. It "
        "compares them with the point from which ptxas spills, calibrated per MMA path on the "
        "compiled table (docs/resource-model.md), and reports only a confident spill: a working "
        "set at least 50% above that point (381 of the 382 such configs of the table spilled). Kernels "
        "without `tl.dot` are not judged: ptxas streams their tiles, and their register use is not "
        "predictable from the tile sizes. Silent for a config that never reaches ptxas: one that "
        "needs more shared memory than the arch has or more threads than a block may hold, and one "
        "the autotuner's `prune_configs_by` pruner drops (it compares shared memory and the config "
        "overflows, or it compares register use; helpers the pruner calls, also in other modules, "
        "count as the pruner). "
        "A CUDA file the project's build compiles only for other GPUs (its build files name `sm_100a` and nothing of the target arch's family) is not judged for the target arch. For CUDA it adds up a kernel's per-thread arrays (`float acc[TM * TN]`, sized by "
        "template parameters per instantiation; arrays whose uses do not overlap are not live "
        "together: those of blocks that run one after the other, such as the bodies of consecutive "
        "loops, an array last read before another is first written (loaded values converted, then "
        "never read again), and arrays that each pass of a loop overwrites before reading "
        "(register fragments filled by `ldmatrix` wrappers whose asm only writes them: `K_frag` "
        "used for `Q @ K^T`, then `V_frag` for `P @ V`); an array a pass reads before writing "
        "carries its value around the whole loop, and one whose address goes into a pointer or a "
        "lambda is live through its block; an array only a branch "
        "the instantiation drops uses, `if (HasScale)` with `HasScale` false, is not counted) and "
        "reports them when "
        "they alone need more than 255 registers, more than `__maxnreg__` allows, or more than the "
        "register file leaves each thread under `__launch_bounds__(threads, min_blocks)` (the file "
        "split over the SM's four schedulers, each holding a quarter of the warps rounded up, in "
        "units of 256 per warp: `(256, 4)` leaves 64, `(256, 3)` 80, as ptxas 13.0 caps them). An "
        "array indexed at run time (not by a constant or "
        "the counter of a loop with a constant trip count), also as a pointer offset "
        "(`coords + i * kDim` handed to a helper), lives in local memory whatever its "
        "size: the finding then says so instead of counting it as registers.";
    info.doc.whyItMatters =
        "A thread has at most 255 registers. What does not fit is spilled to local memory, which "
        "is DRAM behind the L1 cache: a GEMM whose accumulator spills runs several times slower "
        "than the same kernel with half the tile or twice the warps, and the autotuner may still "
        "keep it if nothing better is in the list. ptxas only mentions spills with `-v`, and "
        "Triton only in `n_spills` of the compiled kernel.";
    info.doc.example = "triton.Config({\"BLOCK_M\": 256, \"BLOCK_N\": 256, \"BLOCK_K\": 64}, num_warps=4)\n"
                       "# 256*256 fp32 accumulator / 128 threads = 512 registers per thread\n";
    info.doc.useInstead = "triton.Config({\"BLOCK_M\": 256, \"BLOCK_N\": 128, \"BLOCK_K\": 64}, num_warps=8)\n"
                          "# 256*128 / 256 threads = 128 registers per thread\n";
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch) return;
    FindingsAtLiterals<Finding> findings;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language == Language::Python) checkTriton(context, *arch, kernel, findings);
      else if (kernel.language == Language::Cuda && context.projectBuildsForArch()) checkCuda(*arch, kernel, findings);
    }
    reportFindings(context, findings, "spills in");
  }

private:
  static void checkTriton(RuleContext &context, const ArchInfo &arch, const Kernel &kernel,
                          FindingsAtLiterals<Finding> &findings) {
    if (arch.vendor != Vendor::Nvidia) return; // AMD's register file is not calibrated
    if (kernel.calledByKernel && !kernel.autotune) return;
    // Without dots the working set (every loaded tile live at once) is an
    // upper bound, not calibrated through the front-end: ptxas streams
    // elementwise tiles.
    if (kernel.dots.empty()) return;
    const auto [dtype, dtypeSource] =
        resources::resourceDtypeOf(kernel, context.settings().dtype, context.settings().dtypeSource);
    const resources::JudgedUses &judged =
        resources::judgeConfigUses(context.caches().verdicts, context.file(), kernel, kernel, arch, dtype, dtypeSource);
    for (size_t i = 0; i < judged.uses.size(); ++i) {
      const ConfigUse &use = *judged.uses[i];
      const resources::TritonConfigVerdict &verdict = judged.verdicts[i];
      if (verdict.spill != resources::Spill::Confident) continue;
      // A config that cannot run (shared memory, warps) or that the pruner
      // drops never reaches ptxas: its registers do not matter.
      if (verdict.eliminated()) continue;
      if (kernel.autotune && !resources::prunerEliminations(*kernel.autotune, use.values(), true, true, nullptr).empty())
        continue;
      const auto explained = resources::explainTritonConfig(kernel, use.values(), arch, dtype, dtypeSource);
      const resources::RegisterEstimate &registers = explained ? explained->registers : verdict.estimate->registers;
      Finding finding;
      finding.span = largestTileSpan(kernel, use);
      finding.message = use.label() + " of `" + kernel.name + "` keeps about " +
                        std::to_string(registers.workingSet) + " registers per thread live with " +
                        std::to_string(verdict.numWarps) + " warps; on " + arch.name + " ptxas spills from " +
                        std::to_string(registers.spillThreshold) + " (" +
                        std::string(resources::mmaPathName(registers.mmaPath)) + ")";
      if (use.listed && !use.listed->expansion.empty()) finding.notes.push_back(use.listed->expansion.note());
      for (const Note &part : registers.breakdown) finding.notes.push_back(part);
      finding.notes.push_back(
          Note("assumed: element type " + dtype + " (" + dtypeSource + ")", dtypeSourcePlace(kernel, dtypeSource)));
      finding.notes.push_back("more warps or smaller tiles divide the working set; spilled values live in local "
                              "memory");
      finding.kernel = &kernel;
      addConfig(finding.configs, use.listed);
      findings.add(std::move(finding), use.label());
    }
  }

  static int64_t registersOf(const LocalArray &array) {
    return (*array.elements * *array.elementBytes + 3) / 4;
  }

  // The arrays live at one point: those whose spans of the walk
  // (LocalArray::liveFrom) hold the start of another's. The largest such
  // set, and its arrays.
  static std::vector<const LocalArray *> largestLiveChain(const std::vector<const LocalArray *> &arrays,
                                                          int64_t &registers) {
    std::vector<const LocalArray *> best;
    registers = 0;
    for (const LocalArray *starting : arrays) {
      std::vector<const LocalArray *> chain;
      int64_t total = 0;
      for (const LocalArray *array : arrays)
        if (array->liveFrom <= starting->liveFrom && starting->liveFrom <= array->liveTo) {
          chain.push_back(array);
          total += registersOf(*array);
        }
      if (total > registers) registers = total, best = std::move(chain);
    }
    return best;
  }

  static void checkCuda(const ArchInfo &arch, const Kernel &kernel, FindingsAtLiterals<Finding> &findings) {
    if (arch.vendor != Vendor::Nvidia || kernel.localArrays.empty()) return;
    std::vector<const LocalArray *> sized;
    for (const LocalArray &array : kernel.localArrays)
      if (array.elements && array.elementBytes) sized.push_back(&array);
    if (sized.empty()) return;
    int64_t registers = 0;
    const std::vector<const LocalArray *> live = largestLiveChain(sized, registers);
    int64_t cap = arch.maxRegistersPerThread;
    std::string capReason = "a thread has at most " + std::to_string(cap) + " registers";
    const auto known = [](const std::optional<ScalarValue> &value) { return value && value->isInt() && value->asInt() > 0; };
    if (known(kernel.launchBoundsThreads)) {
      const int64_t threads = kernel.launchBoundsThreads->asInt();
      const int64_t minBlocks = known(kernel.launchBoundsMinBlocks) ? kernel.launchBoundsMinBlocks->asInt() : 1;
      const int64_t boundsCap = resources::launchBoundsRegisterCap(arch, threads, minBlocks);
      if (boundsCap < cap) {
        cap = boundsCap;
        capReason = "__launch_bounds__(" + std::to_string(threads) +
                    (known(kernel.launchBoundsMinBlocks) ? ", " + std::to_string(minBlocks) : std::string()) +
                    ") leaves each thread " + std::to_string(cap) + " registers of the " +
                    std::to_string(arch.registersPerSM) + "-register file";
      }
    }
    if (known(kernel.maxRegisters) && kernel.maxRegisters->asInt() < cap) {
      cap = kernel.maxRegisters->asInt();
      capReason = "__maxnreg__(" + std::to_string(cap) + ") caps each thread at " + std::to_string(cap) + " registers";
    }
    if (registers <= cap) return;
    // An array indexed at run time sits in local memory whatever its size:
    // the working set in registers is what the others need.
    int64_t inRegisters = 0;
    const LocalArray *largest = nullptr, *runtimeIndexed = nullptr;
    std::vector<Note> parts;
    for (const LocalArray *array : live) {
      const int64_t needed = registersOf(*array);
      if (array->runtimeIndex) {
        if (!runtimeIndexed) runtimeIndexed = array;
      } else {
        inRegisters += needed;
      }
      const std::string size = std::to_string(*array->elements) + " x " + array->elementType + " = ";
      parts.push_back(Note("`" + array->name + "` (line " + std::to_string(array->span.line) + "): " + size +
                               (array->runtimeIndex ? std::to_string(*array->elements * *array->elementBytes) +
                                                          " bytes, indexed at run time at line " +
                                                          std::to_string(array->runtimeIndex->line) + ": in local memory"
                                                    : std::to_string(needed) + " registers"),
                           array->span));
      if (!largest || needed > registersOf(*largest)) largest = array;
    }
    if (live.size() < sized.size())
      parts.push_back("arrays whose uses do not overlap (blocks that run one after the other, an array overwritten "
                      "at the top of each loop pass) are not live together: counted the largest set live at once");
    Finding finding;
    finding.kernel = &kernel;
    if (inRegisters > cap) {
      finding.span = largest->span;
      finding.message = "`" + kernel.name + "` keeps " + std::to_string(inRegisters) +
                        " registers per thread in per-thread arrays alone; on " + arch.name + " " + capReason;
      finding.notes = std::move(parts);
      finding.notes.push_back("what does not fit goes to local memory (spills): split the tile over more threads");
    } else if (runtimeIndexed) {
      finding.span = runtimeIndexed->span;
      finding.message = "`" + kernel.name + "` indexes `" + runtimeIndexed->name + "` at run time (line " +
                        std::to_string(runtimeIndexed->runtimeIndex->line) +
                        "): per-thread arrays indexed at run time live in local memory, not registers, whatever "
                        "their size (" + std::to_string(registers * 4) + " bytes per thread here)";
      finding.notes = std::move(parts);
      finding.notes.push_back("index with constants or the counter of a loop with a constant trip count (unrolled), "
                              "or keep the values in shared memory");
    } else {
      return;
    }
    findings.add(std::move(finding), "`" + kernel.name + "`");
  }
};

BTLINT_REGISTER_RULE(RegisterSpillRisk);

} // namespace
} // namespace btlint
