#include "resources/RegisterEstimator.h"

#include <algorithm>

namespace btlint::resources {
namespace {

// Spill thresholds, in 32-bit registers of working set per thread, fitted on
// test/calibration/triton-3.6.0.csv (ptxas 12.8 as shipped with Triton 3.6):
// below them ptxas keeps everything in registers, at or above them it
// spills. The working-set formulas below say what each threshold counts.
constexpr int64_t kMatmulMmaSyncThreshold = 192;
constexpr int64_t kMatmulWgmmaThreshold = 224;
constexpr int64_t kMatmulTcgen05Threshold = 256;
constexpr int64_t kAttentionThreshold = 160;
constexpr int64_t kAttentionTcgen05Threshold = 320;
constexpr int64_t kNoDotThreshold = 640;
// Registers ptxas needs besides the working set (addresses, indices, loop state).
constexpr int64_t kOverheadRegisters = 32;

struct WorkingSet {
  int64_t registers = 0;
  int64_t threshold = 0;
  int64_t accumulators = 0; // of them, fp32 accumulators held in registers together
  int64_t accumulatorTerm = 0; // what the accumulators add to `registers` (tensor memory's counts half)
  std::vector<Note> parts; // a part that names a place carries it
};

int64_t registersFor(int64_t rows, int64_t cols, int bits, int64_t threads) {
  return (rows * cols * bits / 32 + threads - 1) / threads;
}

std::string part(const std::string &what, int64_t registers) {
  return what + ": " + std::to_string(registers) + " registers per thread";
}

WorkingSet matmulWorkingSet(const DotDescription &dot, MmaPath path, int64_t threads, bool explain) {
  int bits = elementBits(dot.input);
  int64_t accumulator = registersFor(dot.m, dot.n, 32, threads);
  int64_t a = registersFor(dot.m, dot.k, bits, threads);
  int64_t b = registersFor(dot.k, dot.n, bits, threads);
  WorkingSet set;
  if (path == MmaPath::Tcgen05) {
    // The accumulator lives in tensor memory; registers hold it only while
    // the epilogue drains it, so it counts half.
    set.registers = accumulator / 2 + a + b;
    set.accumulatorTerm = accumulator / 2;
    set.threshold = kMatmulTcgen05Threshold;
    if (explain) set.parts = {part("accumulator drained from tensor memory (half)", accumulator / 2), part("A tile", a),
                 part("B tile", b)};
  } else {
    // Operand fragments are loaded from shared memory a k-step ahead; about
    // half of the operand tiles are live at once.
    set.registers = accumulator + (a + b) / 2;
    set.accumulators = accumulator;
    set.accumulatorTerm = accumulator;
    set.threshold = path == MmaPath::Wgmma ? kMatmulWgmmaThreshold : kMatmulMmaSyncThreshold;
    if (explain) set.parts = {part("fp32 accumulator", accumulator), part("operand fragments (half of A and B tiles)", (a + b) / 2)};
  }
  return set;
}

// Several dots that are not attention's pair. Within one phase (an outermost
// loop) the accumulators carried across iterations are live together, next
// to the largest fresh product and the largest operand fragments; phases run
// one after the other, so the largest phase is the working set.
WorkingSet phasedWorkingSet(const std::vector<DotDescription> &dots, int numWarps, const ArchInfo &arch,
                            int64_t threads, bool explain) {
  struct Phase {
    int64_t carried = 0, inRegisters = 0, fresh = 0, fragments = 0, threshold = 0;
    int carriedDots = 0, sharedDots = 0; // sharedDots: into a variable counted already
    // Per accumulator variable: the registers counted for it so far.
    std::vector<std::pair<int, std::pair<int64_t, int64_t>>> variables;
    SourceSpan start; // of its loop
  };
  std::vector<std::pair<int, Phase>> phases; // in source order
  for (const DotDescription &dot : dots) {
    const WorkingSet one = matmulWorkingSet(dot, selectMmaPath(dot, numWarps, arch), threads, false);
    const int64_t accumulator = one.accumulatorTerm;
    auto found = std::find_if(phases.begin(), phases.end(), [&](const auto &entry) { return entry.first == dot.phase; });
    if (found == phases.end()) found = phases.insert(phases.end(), {dot.phase, Phase{}});
    Phase &phase = found->second;
    phase.start = dot.phaseStart;
    if (dot.carried && dot.accumulator >= 0) {
      // Another dot into a variable already counted (the other arm of an
      // `if`, the next dot of a chain): the same registers, the larger size.
      auto variable = std::find_if(phase.variables.begin(), phase.variables.end(),
                                   [&](const auto &entry) { return entry.first == dot.accumulator; });
      if (variable == phase.variables.end()) {
        phase.variables.push_back({dot.accumulator, {accumulator, one.accumulators}});
        phase.carried += accumulator;
        phase.inRegisters += one.accumulators;
        ++phase.carriedDots;
      } else {
        auto &[counted, countedInRegisters] = variable->second;
        phase.carried += std::max(counted, accumulator) - counted;
        phase.inRegisters += std::max(countedInRegisters, one.accumulators) - countedInRegisters;
        ++phase.carriedDots;
        ++phase.sharedDots;
        counted = std::max(counted, accumulator);
        countedInRegisters = std::max(countedInRegisters, one.accumulators);
      }
    } else if (dot.carried) {
      phase.carried += accumulator;
      phase.inRegisters += one.accumulators;
      ++phase.carriedDots;
    } else {
      phase.fresh = std::max(phase.fresh, accumulator);
    }
    phase.fragments = std::max(phase.fragments, one.registers - accumulator);
    phase.threshold = std::max(phase.threshold, one.threshold);
  }
  const Phase *largest = nullptr;
  int64_t largestRegisters = -1;
  WorkingSet set;
  for (const auto &[key, phase] : phases) {
    const int64_t registers = phase.carried + phase.fresh + phase.fragments;
    set.threshold = std::max(set.threshold, phase.threshold);
    if (registers > largestRegisters) largest = &phase, largestRegisters = registers;
  }
  set.registers = largestRegisters;
  for (const auto &[key, phase] : phases) set.accumulators = std::max(set.accumulators, phase.inRegisters);
  if (!explain || !largest) return set;
  const std::string where =
      largest->start.valid() ? ", in the loop at line " + std::to_string(largest->start.line) : std::string();
  if (phases.size() > 1)
    set.parts.push_back(Note("the dots sit in " + std::to_string(phases.size()) +
                                 " loops (or outside any loop) that run one after the other; counted: the largest" + where,
                             largest->start));
  if (largest->carried) {
    const int variables = largest->carriedDots - largest->sharedDots;
    std::string count = std::to_string(largest->carriedDots) + (largest->carriedDots == 1 ? " dot" : " dots");
    if (largest->sharedDots)
      count += " into " + std::to_string(variables) + (variables == 1 ? " variable" : " variables");
    set.parts.push_back(part("fp32 accumulators carried across iterations (" + count + ")", largest->carried));
  }
  if (largest->fresh) set.parts.push_back(part("largest product consumed in the same iteration", largest->fresh));
  set.parts.push_back(part("operand fragments of the largest dot (half of A and B tiles)", largest->fragments));
  return set;
}

WorkingSet attentionWorkingSet(const DotDescription &scoresDot, MmaPath path, int64_t threads, bool explain) {
  int bits = elementBits(scoresDot.input);
  int64_t blockM = scoresDot.m, blockN = scoresDot.n, headDim = scoresDot.k;
  int64_t output = registersFor(blockM, headDim, 32, threads);
  int64_t scores = registersFor(blockM, blockN, 32, threads);
  WorkingSet set;
  switch (path) {
  case MmaPath::Wgmma:
    // wgmma reads Q and K from shared memory; P is kept packed in registers.
    set.registers = output + scores / 2;
    if (explain) set.parts = {part("output accumulator", output), part("scores (packed for the second dot)", scores / 2)};
    set.threshold = kAttentionThreshold;
    break;
  case MmaPath::Tcgen05: {
    int64_t q = registersFor(blockM, headDim, bits, threads);
    int64_t k = registersFor(headDim, blockN, bits, threads);
    set.registers = 2 * (q + k);
    if (explain) set.parts = {part("Q tile (x2)", 2 * q), part("K tile (x2)", 2 * k)};
    set.threshold = kAttentionTcgen05Threshold;
    break;
  }
  default:
    set.registers = output + scores;
    if (explain) set.parts = {part("output accumulator", output), part("scores", scores)};
    set.threshold = kAttentionThreshold;
    break;
  }
  return set;
}

WorkingSet noDotWorkingSet(const KernelDescription &kernel, int64_t threads, bool explain) {
  WorkingSet set;
  set.threshold = kNoDotThreshold;
  // The elementwise tiles, where described, are the loaded tiles the
  // reductions read: counted once, as those.
  for (const auto &reduction : kernel.elementwiseTiles.empty() ? kernel.reductions
                                                               : std::vector<ReductionDescription>{}) {
    int64_t tile = registersFor(std::max<int64_t>(reduction.rows, 1), reduction.cols, 32, threads);
    // A tile reduced more than once (softmax) stays live next to its
    // transformed copy and the result; a tile reduced once is consumed.
    int64_t live = reduction.count > 1 ? 3 * tile : tile;
    set.registers += live;
    if (explain) set.parts.push_back(part("reduced tile", live));
  }
  for (const auto &tile : kernel.elementwiseTiles) {
    // The operands and the result they produce.
    int64_t registers = registersFor(tile.rows, tile.cols, 32, threads) * (std::max(tile.count, 1) + 1);
    set.registers += registers;
    if (explain) set.parts.push_back(part("elementwise operands and result", registers));
  }
  return set;
}

} // namespace

RegisterEstimate estimateRegisters(const KernelDescription &kernel, const ArchInfo &arch, Detail detail) {
  const bool explain = detail == Detail::Explained;
  RegisterEstimate estimate;
  const int64_t threads = static_cast<int64_t>(std::max(kernel.numWarps, 1)) * arch.warpSize;
  const auto &dots = kernel.dots;
  WorkingSet set;
  if (!dots.empty()) estimate.mmaPath = selectMmaPath(dots.front(), kernel.numWarps, arch);
  bool attention = dots.size() == 2 && dots[1].a.source == OperandSource::PreviousDot;
  if (attention) {
    set = attentionWorkingSet(dots[0], estimate.mmaPath, threads, explain);
  } else if (dots.size() == 1) {
    set = matmulWorkingSet(dots.front(), estimate.mmaPath, threads, explain);
  } else if (!dots.empty()) {
    set = phasedWorkingSet(dots, kernel.numWarps, arch, threads, explain);
  } else {
    set = noDotWorkingSet(kernel, threads, explain);
  }

  // A block must fit the register file: ptxas caps registers per thread at
  // registersPerSM / threads (rounded down to the allocation unit of 8).
  int64_t fileCap = arch.registersPerSM / threads / 8 * 8;
  estimate.registerCap = std::min<int64_t>(arch.maxRegistersPerThread, fileCap);
  int64_t threshold = set.threshold;
  if (estimate.registerCap < arch.maxRegistersPerThread && arch.maxRegistersPerThread > 0)
    threshold = threshold * estimate.registerCap / arch.maxRegistersPerThread;

  estimate.workingSet = set.registers;
  estimate.accumulatorRegisters = set.accumulators;
  estimate.spillThreshold = threshold;
  estimate.spills = set.registers >= threshold;
  int64_t wanted = (set.registers + kOverheadRegisters + 7) / 8 * 8;
  estimate.registersPerThread = estimate.spills ? estimate.registerCap : std::min(wanted, estimate.registerCap);
  if (estimate.registersPerThread > 0)
    estimate.blocksPerSmByRegisters = arch.registersPerSM / (estimate.registersPerThread * threads);
  if (!explain) return estimate;
  estimate.breakdown = std::move(set.parts);
  estimate.breakdown.push_back("working set " + std::to_string(set.registers) + " registers per thread; ptxas spills from " +
                               std::to_string(threshold) + " (calibrated, " + std::string(mmaPathName(estimate.mmaPath)) +
                               ")");
  return estimate;
}

} // namespace btlint::resources
