#include "resources/SharedMemoryEstimator.h"

#include "resources/SharedMemoryAllocator.h"
#include "resources/TritonLayouts.h"

#include <algorithm>
#include <array>
#include <map>

namespace btlint::resources {

std::string_view mmaPathName(MmaPath path) {
  switch (path) {
  case MmaPath::None: return "none";
  case MmaPath::MmaSync: return "mma.sync";
  case MmaPath::Wgmma: return "wgmma";
  case MmaPath::Tcgen05: return "tcgen05";
  case MmaPath::Mfma: return "mfma";
  }
  return "none";
}

MmaPath selectMmaPath(const DotDescription &dot, int numWarps, const ArchInfo &arch) {
  if (arch.vendor == Vendor::Amd) return MmaPath::Mfma;
  // Triton 3.6 (AccelerateMatmul.cpp) takes the warp-group path on sm90 and
  // tcgen05 on sm100 only when whole warp groups cover BLOCK_M in 64-row
  // steps; the calibration table agrees on every row. sm120 has neither.
  bool warpGroupShape = numWarps % 4 == 0 && dot.m >= 64;
  if (arch.computeCapability == 90 && warpGroupShape) return MmaPath::Wgmma;
  if (arch.computeCapability == 100 && warpGroupShape) return MmaPath::Tcgen05;
  return MmaPath::MmaSync;
}

namespace {
// The loads an operand is computed from (DotDescription::aLoads, bLoads),
// split into 2-D tiles and vectors (one row); `vectors` may be null.
std::vector<const LoadedTile *> operandTiles(const std::vector<int> &loads, const KernelDescription &kernel,
                                             std::vector<const LoadedTile *> *vectors = nullptr) {
  std::vector<const LoadedTile *> tiles;
  for (int index : loads) {
    if (index < 0 || static_cast<size_t>(index) >= kernel.loads.size()) continue;
    const LoadedTile &loaded = kernel.loads[static_cast<size_t>(index)];
    if (loaded.rows != 1) tiles.push_back(&loaded);
    else if (vectors) vectors->push_back(&loaded);
  }
  return tiles;
}

// Whether every tile has `elements` elements (the operand's own shape).
bool allOfShape(const std::vector<const LoadedTile *> &tiles, int64_t elements) {
  return std::all_of(tiles.begin(), tiles.end(),
                     [&](const LoadedTile *tile) { return tile->rows * tile->cols == elements; });
}
} // namespace

std::vector<const LoadedTile *> bRingedTiles(const DotDescription &dot, const KernelDescription &kernel, MmaPath path) {
  // Measured for 16-bit dots whose B takes no run-time scalar.
  if (path != MmaPath::MmaSync || dot.b.source != OperandSource::TransformedLoad || !kernel.operandOriginsKnown ||
      elementBits(dot.input) != 16 || dot.bScaledAtRunTime)
    return {};
  std::vector<const LoadedTile *> tiles = operandTiles(dot.bLoads, kernel);
  if (tiles.size() < 2 || !allOfShape(tiles, dot.k * dot.n)) tiles.clear();
  return tiles;
}

namespace {
// Flash attention's shape: S = Q K^T in a loop with Q loaded before it, then
// P V with P straight from the first dot.
bool isAttentionPattern(const KernelDescription &kernel) {
  const auto &dots = kernel.dots;
  return dots.size() == 2 && dots[1].a.source == OperandSource::PreviousDot &&
         dots[0].a.source == OperandSource::LoadedBeforeLoop && dots[0].inLoop;
}
} // namespace

bool estimatedAsDotSequence(const KernelDescription &kernel) {
  const auto &dots = kernel.dots;
  if (isAttentionPattern(kernel) || dots.empty() || !kernel.operandOriginsKnown) return false;
  return dots.size() > 1 || (dots[0].b.source == OperandSource::TransformedLoad && !dots[0].bUnpackedFrom);
}

namespace {

// Program points: buffers whose intervals meet may not share memory.
constexpr int64_t kKernelStart = 0;
constexpr int64_t kLoopStart = 10;
constexpr int64_t kLoopEnd = 30;
constexpr int64_t kEpilogue = 40;
constexpr int64_t kScratchAlignment = 128; // Allocation.cpp: scratch buffers
constexpr int64_t kFirstPhase = 100;        // a dot sequence's phases from here on
constexpr int64_t kPhaseSpan = 1000000;     // program points of one phase
constexpr int64_t kAfterDots = int64_t{1} << 50; // after every phase of a dot sequence

std::string tileText(int64_t rows, int64_t cols, ElementType type) {
  return std::to_string(rows) + "x" + std::to_string(cols) + " " + std::string(elementTypeName(type));
}

// The buffers of one kernel. Names and assumptions are text for breakdowns:
// they are built only when the estimate is explained, since the rules judge
// every config of every list and need only the numbers (`name` and `text`
// are callables returning the string).
struct Program {
  bool explain = true;
  std::vector<SharedBuffer> buffers;
  std::vector<std::string> assumptions;
  // A scratch buffer that may be this large instead (the estimate's upper end).
  int64_t largestAlternative = 0;

  template <typename Name>
  void add(Name &&name, int64_t bytes, int64_t start, int64_t end, int64_t alignment = 16) {
    if (bytes <= 0) return;
    buffers.push_back(SharedBuffer{explain ? std::string(name()) : std::string(), bytes, alignment, start, end});
  }
  template <typename Text> void assume(Text &&text) {
    if (explain) assumptions.push_back(text());
  }
};

int conversionVectorBits(const ArchInfo &arch) {
  // From sm90 on, Triton 3.6 converts layouts through shared memory in 32-bit
  // pieces (stmatrix/ldmatrix-style tiles); before, with 128-bit vectors.
  // Fitted on the calibration table: every row agrees with this split.
  return arch.computeCapability >= 90 ? 32 : 128;
}

// Buffers a pipelined operand keeps: the pipeliner puts the load num_stages-1
// iterations ahead of its use (AssignLatencies.cpp); the warp-group and
// tcgen05 paths read the buffer asynchronously and keep one more
// (LowerLoops.cpp, loadRequiresAdditionalBuffer) unless the operand goes
// through registers first.
int ringDepth(MmaPath path, int numStages, bool readThroughRegisters) {
  if (path == MmaPath::MmaSync || path == MmaPath::Mfma || readThroughRegisters) return numStages - 1;
  return numStages;
}

DistributedLayout accumulatorLayout(MmaPath path, TileShape2D shape, int numWarps, bool chained) {
  switch (path) {
  case MmaPath::Wgmma: return mmaV3Accumulator(shape, numWarps, chained);
  case MmaPath::Tcgen05: return tensorMemoryLoadLayout(shape, numWarps);
  default: return mmaV2Accumulator(shape, numWarps, chained);
  }
}

bool isLoadedInLoop(OperandSource source) {
  return source == OperandSource::PipelinedLoad || source == OperandSource::TransformedLoad;
}

// Whether cp.async / TMA can stage this operand: at least 4 contiguous bytes
// per thread (AssignLatencies.cpp isSmallLoad; LowerLoops.cpp getCopyVecBytes).
bool loadCanBeStaged(TileShape2D shape, int contiguousDim, ElementType type, int numWarps, int warpSize) {
  return coalescedBytesPerThread(shape, contiguousDim, elementBits(type), numWarps, warpSize) >= 4;
}

void addEpilogue(Program &program, MmaPath path, TileShape2D shape, ElementType stored, int numWarps, bool chained,
                 const ArchInfo &arch, bool inLoop = false) {
  if (path == MmaPath::Mfma) {
    // MFMA layouts are not modelled: the store conversion is at most the tile.
    program.assume([] { return "AMD epilogue conversion not modelled: up to one output tile"; });
    return;
  }
  const int bits = elementBits(stored);
  const int vectorBits = conversionVectorBits(arch);
  // The same tile and warps recur across the num_stages and BLOCK_K of a
  // list, and building the layouts is most of an estimate's cost: remember
  // the scratch per thread (bounded).
  thread_local std::map<std::array<int64_t, 7>, int64_t> memo;
  const std::array<int64_t, 7> key{static_cast<int64_t>(path), shape[0], shape[1], bits, numWarps, chained,
                                   vectorBits};
  int64_t scratch = 0;
  if (auto found = memo.find(key); found != memo.end()) {
    scratch = found->second;
  } else {
    DistributedLayout accumulator = accumulatorLayout(path, shape, numWarps, chained);
    DistributedLayout store = coalescedLayout(shape, 1, bits, numWarps);
    // One warp's mma.sync accumulator still goes through shared memory to the
    // store's layout (measured, Triton 3.6: 512 B for 32x32 fp16, 1024 B for
    // 32x64 and 64x64), not through warp shuffles.
    const bool sharedWithinOneWarp = path == MmaPath::MmaSync && numWarps == 1;
    scratch = convertLayoutScratchBytes(accumulator, store, bits, vectorBits, sharedWithinOneWarp);
    if (memo.size() >= 4096) memo.clear();
    memo.emplace(key, scratch);
  }
  // A state stored every iteration converts while the loop's rings are
  // live, at its store (not while an operand copy at the dot is).
  if (inLoop)
    program.add([&] { return "accumulator to store layout in the loop (" + tileText(shape[0], shape[1], stored) + ")"; },
                scratch, kLoopEnd - 2, kLoopEnd - 1, kScratchAlignment);
  else
    program.add([&] { return "epilogue: accumulator to store layout (" + tileText(shape[0], shape[1], stored) + ")"; },
                scratch, kEpilogue, kEpilogue + 1, kScratchAlignment);
}

// An operand's rings for the whole loop: one in the dot's type, or one per
// loaded tile it is computed from, in that tile's type.
void addOperandRings(Program &program, const char *operand, const std::vector<const LoadedTile *> &tiles, int depth,
                     int64_t rows, int64_t cols, ElementType input) {
  if (tiles.empty()) {
    program.add([&] { return std::string(operand) + " ring: " + std::to_string(depth) + " x " + tileText(rows, cols, input); },
                depth * rows * cols * elementBits(input) / 8, kLoopStart, kLoopEnd);
    return;
  }
  for (size_t t = 0; t < tiles.size(); ++t) {
    const ElementType type = tiles[t]->type;
    program.add(
        [&] {
          const std::string which = tiles.size() == 1 ? std::string()
                                                      : " (load " + std::to_string(t + 1) + " of " +
                                                            std::to_string(tiles.size()) + ")";
          return std::string(operand) + " ring" + which + ": " + std::to_string(depth) + " x " + tileText(rows, cols, type);
        },
        depth * rows * cols * elementBits(type) / 8, kLoopStart, kLoopEnd);
  }
}

// A computed from its loads with a scalar decided at run time (`b_q *
// scale`): Triton moves the conversion to the operand layout up to the loads
// only through element-wise ops on tiles, so the computed tile is converted
// (measured, Triton 3.6 for sm90): on mma.sync through a copy of A in shared
// memory, on wgmma (A in registers) through a conversion scratch; either
// lives from where A is computed to the dot.
void addRuntimeScaledAConversion(Program &program, const DotDescription &dot, MmaPath path, int warps,
                                 int contiguousDim, const ArchInfo &arch) {
  const int bits = elementBits(dot.input);
  const TileShape2D aShape{dot.m, dot.k};
  if (path == MmaPath::MmaSync) {
    program.add([&] { return "A computed with a run-time scalar, copied: " + tileText(dot.m, dot.k, dot.input); },
                dot.m * dot.k * bits / 8, 12, 13);
  } else if (path == MmaPath::Wgmma) {
    const DistributedLayout from = coalescedLayout(aShape, contiguousDim, bits, warps, arch.warpSize);
    const DistributedLayout to = mmaAOperand(aShape, mmaV3WarpsPerTile({dot.m, dot.n}, warps, false), bits);
    const int64_t scratch = convertLayoutScratchBytes(from, to, bits, conversionVectorBits(arch));
    program.add([&] { return "A computed with a run-time scalar, to the operand layout (" + tileText(dot.m, dot.k, dot.input) + ")"; },
                scratch, 12, 13, kScratchAlignment);
  }
}

void describeMatmulLoop(Program &program, const DotDescription &dot, MmaPath path, const KernelDescription &kernel,
                        const ArchInfo &arch) {
  const int stages = std::max(kernel.numStages, 1);
  const int warps = kernel.numWarps;
  const int warpSize = arch.warpSize;
  const int cc = arch.computeCapability;
  const int bits = elementBits(dot.input);
  const TileShape2D aShape{dot.m, dot.k};
  const TileShape2D bShape{dot.k, dot.n};
  const int aContiguous = dot.a.kContiguous ? 1 : 0;
  int bContiguous = dot.b.kContiguous ? 0 : 1;
  const bool aTransformed = dot.a.source == OperandSource::TransformedLoad;
  // A B computed from loaded tiles is staged as those tiles are laid out.
  if (dot.b.source == OperandSource::TransformedLoad && kernel.operandOriginsKnown)
    if (const auto bTiles = operandTiles(dot.bLoads, kernel); !bTiles.empty()) bContiguous = bTiles.front()->contiguousDim;

  bool aStaged = stages > 1 && dot.inLoop && isLoadedInLoop(dot.a.source) &&
                 loadCanBeStaged(aShape, aContiguous, dot.input, warps, warpSize);
  bool bStaged = stages > 1 && dot.inLoop && isLoadedInLoop(dot.b.source) &&
                 loadCanBeStaged(bShape, bContiguous, dot.input, warps, warpSize);
  ElementType bStoredAs = dot.input;
  if (path == MmaPath::Wgmma && bits == 8 && !dot.b.kContiguous) {
    // wgmma reads 8-bit operands only K-major: B is transposed in registers
    // and written to one buffer per iteration instead of a ring.
    bStaged = false;
    program.assume([] { return "8-bit B is not K-major: transposed through registers, single buffer"; });
  }
  // 8-bit dots on the mma.sync path of sm90/sm100 are upcast to fp16 in
  // registers (measured); a 16-wide MN-major B then lands in shared memory as fp16.
  const bool upcast8Bit = bits == 8 && path == MmaPath::MmaSync && (cc == 90 || cc == 100);
  if (upcast8Bit && !dot.b.kContiguous && dot.n == 16) {
    bStaged = false;
    bStoredAs = ElementType::Fp16;
  }

  if (dot.bIsTransposedA) {
    // One load feeds both operands: the pipeliner stages it once (A's ring),
    // and unstaged the asynchronous paths read B from A's buffer transposed.
    bStaged = false;
    program.assume([] { return "B is A's tile transposed: one buffer for both"; });
  }

  // The warp-group paths read shared operands asynchronously only in a loop
  // the pipeliner runs; a dot under a run-time `if` in its loop, or outside
  // loops, waits for its result, and its operands die there (measured).
  const bool asyncMma = (path == MmaPath::Wgmma || path == MmaPath::Tcgen05) && dot.inLoop;
  // Unstaged mma.sync operands live only from their shared-memory write to
  // their read into registers; a prologue or an 8-bit upcast ends A's life
  // before B's begins (Triton 3.6 emits them one after the other).
  const bool separateLifetimes = aTransformed || upcast8Bit;
  auto plainInterval = [&](bool isA) -> std::pair<int64_t, int64_t> {
    if (asyncMma) return {kLoopStart, kLoopEnd};
    if (separateLifetimes) return isA ? std::pair<int64_t, int64_t>{11, 12} : std::pair<int64_t, int64_t>{13, 14};
    return isA ? std::pair<int64_t, int64_t>{11, 14} : std::pair<int64_t, int64_t>{12, 15};
  };

  const int64_t aTileBytes = dot.m * dot.k * bits / 8;
  // A computed in registers from loaded tiles (a prologue that scales,
  // normalises, casts or gates them, `q * exp2(g)`): each tile is staged in
  // a ring of its own in its loaded type, and each vector combined with them
  // gets a ring as deep (measured, Triton 3.6 for sm90: fp32 activations
  // scaled and cast to fp16; two fp16 tiles gated into one A).
  std::vector<const LoadedTile *> aTiles, aVectors;
  if (aTransformed && aStaged && kernel.operandOriginsKnown) {
    aTiles = operandTiles(dot.aLoads, kernel, &aVectors);
    if (aTiles.empty() || !allOfShape(aTiles, dot.m * dot.k)) {
      aTiles.clear();
      aVectors.clear();
    }
  }
  if (aTransformed && path == MmaPath::Tcgen05 && !aStaged) {
    // tcgen05 takes a register operand from tensor memory: A is converted to
    // the tensor-memory layout through a scratch buffer, then stored there.
    int64_t scratch = convertLayoutScratchBytes(coalescedLayout(aShape, aContiguous, bits, warps),
                                                tensorMemoryLoadLayout(aShape, warps), bits,
                                                conversionVectorBits(arch));
    program.add([&] { return "A to tensor-memory layout (" + tileText(dot.m, dot.k, dot.input) + ")"; }, scratch, 12, 13,
                kScratchAlignment);
  } else if (aStaged) {
    int depth = ringDepth(path, stages, aTransformed);
    addOperandRings(program, "A", aTiles, depth, dot.m, dot.k, dot.input);
    for (const LoadedTile *vector : aVectors)
      program.add([&] { return "A's vector ring: " + std::to_string(depth) + " x " + tileText(1, vector->cols, vector->type); },
                  depth * vector->cols * elementBits(vector->type) / 8, kLoopStart, kLoopEnd);
    if (aTransformed && dot.aScaledAtRunTime && kernel.operandOriginsKnown)
      addRuntimeScaledAConversion(program, dot, path, warps,
                                  aTiles.empty() ? aContiguous : aTiles.front()->contiguousDim, arch);
  } else if (dot.a.source == OperandSource::LoadedBeforeLoop) {
    program.add([&] { return "A kept in shared memory: " + tileText(dot.m, dot.k, dot.input); }, aTileBytes, kKernelStart, kLoopEnd);
  } else {
    auto [start, end] = plainInterval(true);
    program.add([&] { return "A: " + tileText(dot.m, dot.k, dot.input); }, aTileBytes, start, end);
  }

  const int64_t bTileBytes = dot.k * dot.n * elementBits(bStoredAs) / 8;
  if (dot.bUnpackedFrom && bStaged) {
    // B unpacked in registers from a load of another width (int4 weights in
    // int32): the load is staged in its own type and read through registers,
    // and the unpacked B copied to shared memory once for the loop (measured,
    // Triton 3.6 for sm90, mma.sync and wgmma).
    const int depth = ringDepth(path, stages, true);
    const ElementType loaded = *dot.bUnpackedFrom;
    program.add([&] { return "B's packed load ring: " + std::to_string(depth) + " x " + tileText(dot.k, dot.n, loaded); },
                depth * dot.k * dot.n * elementBits(loaded) / 8, kLoopStart, kLoopEnd);
    program.add([&] { return "B unpacked, copied once: " + tileText(dot.k, dot.n, dot.input); }, bTileBytes, kLoopStart,
                kLoopEnd);
    // The per-group scales and zero points B is unpacked with, loaded in the
    // loop as vectors, get rings of their own as deep (measured alike).
    for (int index : dot.bLoads) {
      const LoadedTile &vector = kernel.loads[static_cast<size_t>(index)];
      if (vector.rows != 1) continue;
      program.add([&] { return "B's group vector ring: " + std::to_string(depth) + " x " + tileText(1, vector.cols, vector.type); },
                  depth * vector.cols * elementBits(vector.type) / 8, kLoopStart, kLoopEnd);
    }
  } else if (dot.bIsTransposedA && (aStaged || path != MmaPath::MmaSync)) {
    // A's buffer serves B: nothing more.
  } else if (bStaged) {
    int depth = ringDepth(path, stages, false);
    // On mma.sync a B computed from several loaded tiles (`k * exp(g)`) has
    // a ring per tile in its loaded type, as A does (measured, Triton 3.6).
    const std::vector<const LoadedTile *> bTiles = bRingedTiles(dot, kernel, path);
    addOperandRings(program, "B", bTiles, depth, dot.k, dot.n, dot.input);
  } else if (dot.bTransposed && path == MmaPath::MmaSync && bits == 16) {
    // Unstaged on mma.sync, tl.trans(x) is converted in registers to B's
    // operand layout (measured: a scratch buffer while A's copy is live, no
    // B tile; 16-bit inputs).
    const TileShape2D transposed{dot.n, dot.k};
    const auto warpsPerCta = mmaV2WarpsPerTile({dot.m, dot.n}, warps, false);
    const int64_t scratch = convertLayoutScratchBytes(coalescedLayout(transposed, 1, bits, warps, warpSize),
                                                      mmaV2TransposedBOperand(transposed, warpsPerCta, bits), bits,
                                                      conversionVectorBits(arch));
    program.add([&] { return "B converted in registers from its transpose (" + tileText(dot.k, dot.n, dot.input) + ")"; },
                scratch, 12, 13, kScratchAlignment);
  } else {
    auto [start, end] = plainInterval(false);
    program.add([&] { return "B: " + tileText(dot.k, dot.n, bStoredAs); }, bTileBytes, start, end);
  }

  if (path == MmaPath::Tcgen05) {
    // One mbarrier (8 bytes) tracks each tcgen05.mma; pipelined loops keep two.
    program.add([&] { return "tcgen05 completion barrier"; }, stages > 1 ? 16 : 8, kLoopStart, kLoopEnd, 8);
  }
  // Rings filled by TMA copies (tensor-descriptor loads): one mbarrier per
  // stage, as in describeDotSequence.
  auto viaDescriptor = [&](const std::vector<int> &loads) {
    // Every load the operand may come from (an `if` choosing a pointer load
    // or a descriptor load is left to the pointer load).
    return !loads.empty() && std::all_of(loads.begin(), loads.end(), [&](int load) {
      return load >= 0 && static_cast<size_t>(load) < kernel.loads.size() &&
             kernel.loads[static_cast<size_t>(load)].viaDescriptor;
    });
  };
  if (asyncMma && ((aStaged && viaDescriptor(dot.aLoads)) || (bStaged && viaDescriptor(dot.bLoads))))
    program.add([&] { return "TMA barriers: " + std::to_string(stages) + " x 8 B"; }, stages * 8, kLoopStart, kLoopEnd,
                16);
}

void describeAttentionLoop(Program &program, const DotDescription &scoresDot, const DotDescription &valueDot,
                           MmaPath path, const KernelDescription &kernel, const ArchInfo &arch) {
  const int stages = std::max(kernel.numStages, 1);
  const int warps = kernel.numWarps;
  const int bits = elementBits(scoresDot.input);
  const int64_t blockM = scoresDot.m, blockN = scoresDot.n, headDim = scoresDot.k;
  const int vectorBits = conversionVectorBits(arch);

  // Q: loaded before the loop and read by every iteration.
  program.add([&] { return "Q kept in shared memory: " + tileText(blockM, headDim, scoresDot.input); }, blockM * headDim * bits / 8,
              kKernelStart, kLoopEnd);

  auto addOperand = [&](const char *name, const DotDescription &dot, int64_t rows, int64_t cols,
                        std::pair<int64_t, int64_t> plainLife) {
    TileShape2D shape{rows, cols};
    int contiguous = dot.b.kContiguous ? 0 : 1;
    bool staged = stages > 1 && isLoadedInLoop(dot.b.source) &&
                  loadCanBeStaged(shape, contiguous, dot.input, warps, arch.warpSize);
    int64_t tile = rows * cols * bits / 8;
    if (staged) {
      int depth = ringDepth(path, stages, false);
      program.add([&] { return std::string(name) + " ring: " + std::to_string(depth) + " x " + tileText(rows, cols, dot.input); },
                  depth * tile, kLoopStart, kLoopEnd);
    } else {
      program.add([&] { return std::string(name) + ": " + tileText(rows, cols, dot.input); }, tile, plainLife.first,
                  plainLife.second);
    }
    if (path == MmaPath::Tcgen05) {
      if (stages > 1)
        program.add([&] { return std::string(name) + " dot completion barriers"; }, 16, kLoopStart, kLoopEnd, 8);
      else
        program.add([&] { return std::string(name) + " dot completion barrier"; }, 8, plainLife.first, plainLife.second, 8);
    }
  };
  addOperand("K", scoresDot, headDim, blockN, {11, 13});
  addOperand("V", valueDot, blockN, headDim, {14, 16});

  const bool chained = true;
  if (path == MmaPath::MmaSync || path == MmaPath::Wgmma) {
    DistributedLayout scores, output;
    if (path == MmaPath::MmaSync) {
      // Both dots of the chain take the warp split of the second one
      // ([BLOCK_M, HEAD_DIM]): all warps on rows when BLOCK_M >= HEAD_DIM,
      // else all on columns (calibrated; warpsPerTileV2's chained-dot rule).
      auto warpsPerCta = mmaV2WarpsPerTile({blockM, headDim}, warps, chained);
      scores = mmaV2Accumulator({blockM, blockN}, warpsPerCta);
      output = mmaV2Accumulator({blockM, headDim}, warpsPerCta);
      // With warps on columns, P must be re-laid out through shared memory
      // to become the A operand of the second dot.
      if (warpsPerCta[1] > 1)
        program.add([&] { return "P relayout for the second dot: " + tileText(blockM, blockN, valueDot.input); },
                    blockM * blockN * bits / 8, 15, 16);
    } else {
      scores = mmaV3Accumulator({blockM, blockN}, warps, chained);
      output = mmaV3Accumulator({blockM, headDim}, warps, chained);
    }
    program.add([&] { return "row max/sum across warps"; }, reductionScratchBytes(scores, 1, 4), 13, 14, kScratchAlignment);
    program.add([&] { return "row statistics relayout"; },
                convertLayoutScratchBytes(sliceLayout(scores, 1), sliceLayout(output, 1), 32, vectorBits), 14, 15,
                kScratchAlignment);
  } else if (path == MmaPath::Tcgen05 && warps >= 8) {
    // Measured: with two warp groups the per-row statistics cross warp groups
    // (a reduction for 64-row blocks, a relayout for 128-row blocks).
    int64_t bytes = blockM >= 128 ? blockM * 4 : blockM * 8;
    program.add([&] { return "row statistics across warp groups"; }, bytes, 13, 14, kScratchAlignment);
  }
  if (kernel.epilogueStore)
    addEpilogue(program, path, {blockM, headDim}, *kernel.epilogueStore, warps, chained, arch);
}

// Several dots whose operands' origins are known (not the attention
// pattern), as Triton 3.6 places them:
// - In a pipelined loop (num_stages > 1), every tl.load of the loop an
//   operand is computed from, directly or through casts and element-wise
//   arithmetic, is copied ahead into a ring of its own, in its loaded type
//   (the pipeliner follows the dot's operands back to their loads,
//   AssignLatencies.cpp): num_stages - 1 buffers on mma.sync, num_stages on
//   the warp-group path; a load that feeds two dots is one ring. The rings
//   live for the whole loop.
// - An operand not read straight from its ring (changed in registers first
//   with a scalar known only at run time on mma.sync, or on wgmma,
//   or not staged: a loop that is not pipelined, a load too narrow for
//   cp.async) is copied to shared memory where it is computed, one copy for
//   the dots that read it. On mma.sync the copy is read into registers just
//   before the first dot that reads it (Triton sinks the read to its use),
//   or at once where two dots read one loaded value; the warp-group path
//   reads it asynchronously in a loop the pipeliner runs, so it stays until
//   the loop ends, and elsewhere (outside loops, under a run-time `if` in
//   its loop) until the last dot that reads it. A value loaded
//   before the loop is copied there, and kept for the loop on the warp-group
//   path.
// - A register operand (an earlier dot's result, a loop-carried value) is
//   used from registers as a 16-bit A; otherwise on mma.sync it is written to
//   shared memory or converted with a smaller scratch (the estimate's lower
//   end leaves it out, the upper end takes its tile), and the warp-group
//   path keeps it in shared memory.
// - Dots of different pipelined loops run one after the other (also two
//   inner loops of one outer loop: each frees its rings as it ends): their
//   buffers reuse the same memory.
// Measured with Triton 3.6 on kernels written for the purpose
// (test/unit/test_resources_frontend.cpp).
// The loads an operand is staged from: none where an earlier dot's result
// takes part (a value in registers; measured: a load added to it is not
// staged for the later dot).
const std::vector<int> &operandLoads(const DotDescription &dot, bool isA) {
  static const std::vector<int> none;
  if (isA ? dot.aFromDot : dot.bFromDot) return none;
  return isA ? dot.aLoads : dot.bLoads;
}

// Whether Triton 3.6 gives dot `x` the chained warp tiling
// (AccelerateMatmul.cpp): on wgmma when a later dot of its region adds into
// its result (warpsPerTileV3 follows the result forward, not out of a loop),
// on mma.sync when a dot of its region is connected to it either way
// (warpsPerTileV2 looks both ways).
bool chainedInRegion(const std::vector<DotDescription> &dots, size_t x, MmaPath path) {
  for (size_t y = 0; y < dots.size(); ++y) {
    if (y == x || dots[y].region != dots[x].region || dots[y].inLoop != dots[x].inLoop) continue;
    if (dots[y].accumulatorFrom == static_cast<int>(x)) return true;
    if (path == MmaPath::MmaSync && dots[x].accumulatorFrom == static_cast<int>(y)) return true;
  }
  return false;
}

// A dot adding into the result of a dot with another warp tiling (the
// loop's accumulator taken up by chained dots after the loop): the
// accumulator is converted through scratch just before the dot, while its
// operands are in shared memory (measured, Triton 3.6 for sm90).
void addAccumulatorConversion(Program &program, const KernelDescription &kernel, size_t to, int64_t at,
                              const ArchInfo &arch) {
  const auto &dots = kernel.dots;
  const int from = dots[to].accumulatorFrom;
  if (from < 0 || static_cast<size_t>(from) == to || static_cast<size_t>(from) >= dots.size()) return;
  const DotDescription &source = dots[static_cast<size_t>(from)], &dot = dots[to];
  const MmaPath path = selectMmaPath(dot, kernel.numWarps, arch);
  if ((path != MmaPath::MmaSync && path != MmaPath::Wgmma) || selectMmaPath(source, kernel.numWarps, arch) != path ||
      source.m != dot.m || source.n != dot.n)
    return;
  const TileShape2D shape{dot.m, dot.n};
  const DistributedLayout before =
      accumulatorLayout(path, shape, kernel.numWarps, chainedInRegion(dots, static_cast<size_t>(from), path));
  const DistributedLayout after = accumulatorLayout(path, shape, kernel.numWarps, chainedInRegion(dots, to, path));
  // 128-bit accesses for this accumulator-to-accumulator conversion on
  // sm90 too (measured: 4096 B for 64 x 16..256 fp32 from 4x2 to 8x1 warps).
  const int64_t scratch = convertLayoutScratchBytes(before, after, 32, 128);
  if (scratch > 0)
    program.add([&] { return "dot " + std::to_string(to + 1) + "'s accumulator from dot " + std::to_string(from + 1) +
                             "'s warp tiling (" + tileText(dot.m, dot.n, ElementType::Fp32) + ")"; },
                scratch, at, at + 1, kScratchAlignment);
}

void describeDotSequence(Program &program, std::vector<SharedBuffer> &uncertain, const KernelDescription &kernel,
                         const ArchInfo &arch) {
  const int stages = std::max(kernel.numStages, 1);
  const int warps = kernel.numWarps;
  const auto &dots = kernel.dots;
  const auto &loads = kernel.loads;
  // Phases in program order: the dots of one outermost loop, or a run of
  // dots outside loops (straight-line code between the loops).
  std::vector<int> phaseOf;
  int phaseCount = 0;
  for (size_t i = 0; i < dots.size(); ++i) {
    const bool samePhase =
        i > 0 && (dots[i].phase == dots[i - 1].phase || (dots[i].phase < 0 && dots[i - 1].phase < 0));
    if (!samePhase) ++phaseCount;
    phaseOf.push_back(phaseCount - 1);
  }
  for (int p = 0; p < phaseCount; ++p) {
    const int64_t base = kFirstPhase + static_cast<int64_t>(p) * kPhaseSpan;
    const int64_t end = base + kPhaseSpan - 10;
    // Program points: a load's copy right after the load, a dot between the
    // loads before and after it.
    auto loadPoint = [&](int order) { return base + 10 + 100 * static_cast<int64_t>(order) + 50; };
    auto dotPoint = [&](const DotDescription &dot, int index) {
      return base + 10 + 100 * static_cast<int64_t>(dot.loadsBefore) + index % 40;
    };
    // Each operand value (by the loads it is computed from), per operand
    // position (A, B): the first and the last dot that read it there, and
    // how many dots read it there as it was loaded.
    struct Value {
      std::vector<int> from;
      std::array<int64_t, 2> firstRead{0, 0}, lastRead{0, 0};
      std::array<int, 2> straightReads{0, 0};
      bool placed = false;
    };
    std::vector<Value> values;
    auto valueOf = [&](const std::vector<int> &from) -> Value & {
      for (Value &value : values)
        if (value.from == from) return value;
      values.push_back(Value{from, {0, 0}, {0, 0}, {0, 0}, false});
      return values.back();
    };
    std::vector<int> readAsynchronously; // loads an asynchronous MMA reads from shared memory
    int index = 0;
    for (size_t i = 0; i < dots.size(); ++i) {
      const DotDescription &dot = dots[i];
      if (phaseOf[i] != p) continue;
      const int64_t at = dotPoint(dot, index++);
      for (int position : {0, 1}) {
        const std::vector<int> &from = operandLoads(dot, position == 0);
        if (from.empty()) continue;
        Value &value = valueOf(from);
        if (value.firstRead[position] == 0) value.firstRead[position] = at;
        value.lastRead[position] = at;
        // A value read as loaded, uncast, by two dots is one register copy.
        const bool straight = position == 0 ? dot.aStraight : dot.bStraight;
        const bool cast = position == 0 ? dot.aCast : dot.bCast;
        if (straight && !cast) ++value.straightReads[position];
        // The warp-group path reads a load from its ring asynchronously
        // unless the operand goes through registers (a cast A).
        const MmaPath path = selectMmaPath(dot, warps, arch);
        if ((path == MmaPath::Wgmma || path == MmaPath::Tcgen05) && straight && !(position == 0 && cast))
          for (int load : from) readAsynchronously.push_back(load);
      }
    }
    std::vector<int> staged; // loads with a ring
    index = 0;
    for (size_t i = 0; i < dots.size(); ++i) {
      const DotDescription &dot = dots[i];
      if (phaseOf[i] != p) continue;
      const int64_t at = dotPoint(dot, index++);
      const MmaPath path = selectMmaPath(dot, warps, arch);
      const bool warpGroupMma = path == MmaPath::Wgmma || path == MmaPath::Tcgen05;
      const bool asyncMma = warpGroupMma && dot.inLoop; // as in describeMatmulLoop
      const bool pipelined = stages > 1 && dot.inLoop;
      const int bits = elementBits(dot.input);
      bool descriptorRing = false; // a ring this dot brings is filled by TMA copies
      for (bool isA : {true, false}) {
        const std::vector<int> &from = operandLoads(dot, isA);
        const bool straight = isA ? dot.aStraight : dot.bStraight;
        const bool cast = isA ? dot.aCast : dot.bCast;
        const bool loadedBefore = isA ? dot.aLoadedBefore : dot.bLoadedBefore;
        const int64_t rows = isA ? dot.m : dot.k, cols = isA ? dot.k : dot.n;
        const char *which = isA ? "A" : "B";
        auto name = [&] { return "dot " + std::to_string(i + 1) + " " + which + ": " + tileText(rows, cols, dot.input); };
        const int64_t bytes = rows * cols * bits / 8;
        bool allStaged = !from.empty() && pipelined;
        int64_t defined = base + 1;
        for (int load : from) {
          const LoadedTile &tile = loads[static_cast<size_t>(load)];
          defined = std::max(defined, loadPoint(tile.order) + 1);
          // A vector combined with the operand is ringed however narrow it
          // is (measured: a 32-element fp16 vector over 64 threads).
          const bool stageable =
              pipelined && (tile.rows == 1 ||
                             loadCanBeStaged({tile.rows, tile.cols}, tile.contiguousDim, tile.type, warps, arch.warpSize));
          if (!stageable) {
            allStaged = false;
            continue;
          }
          if (std::find(staged.begin(), staged.end(), load) != staged.end()) continue;
          staged.push_back(load);
          descriptorRing = descriptorRing || tile.viaDescriptor;
          const bool async = std::find(readAsynchronously.begin(), readAsynchronously.end(), load) !=
                             readAsynchronously.end();
          const int depth = async ? stages : stages - 1;
          program.add([&] { return "ring of a load feeding dot " + std::to_string(i + 1) + ": " + std::to_string(depth) +
                                   " x " + tileText(tile.rows, tile.cols, tile.type); },
                      depth * tile.rows * tile.cols * elementBits(tile.type) / 8, base, end);
        }
        // Read from its ring (a cast after the read), or on the warp-group
        // path an operand changed in registers, copied again below. On
        // mma.sync an operand changed in registers from its rings is
        // converted where it is read from them, unless a scalar known only
        // at run time takes part (then it is copied again: measured).
        if (allStaged && straight) continue;
        if (allStaged && !warpGroupMma && !(isA ? dot.aScaledAtRunTime : dot.bScaledAtRunTime)) continue;
        if (from.empty()) {
          if (loadedBefore) {
            // Copied where it is loaded, before the dot's loop; read there
            // once where the loop runs (hoisted), else at the dot.
            program.add(name, bytes, base + 1, asyncMma ? end : dot.inLoop ? base + 2 : at + 1);
          } else if (isA && bits == 16) {
            // A 16-bit A computed in registers is read from there.
          } else if (warpGroupMma) {
            program.add(name, bytes, at - 1, asyncMma ? end : at + 1);
          } else {
            // B (or a 32-bit A) computed in registers: through shared memory,
            // or a smaller conversion scratch.
            uncertain.push_back(SharedBuffer{program.explain ? name() : std::string(), bytes, 16, at - 1, at + 1});
          }
          continue;
        }
        Value &value = valueOf(from);
        if (value.placed) continue;
        value.placed = true;
        // Read into registers where two dots read it as loaded (one read,
        // at its definition), else just before the first dot that reads it;
        // a cast A on the warp-group path is read into registers too.
        int64_t until = defined + 1;
        for (int position : {0, 1})
          if (value.firstRead[position] != 0)
            until = std::max(until, value.straightReads[position] > 1 ? defined + 1 : value.firstRead[position] + 1);
        const bool readIntoRegisters = !warpGroupMma || (isA && cast);
        // Read into registers, a cast comes after the read: the copy holds
        // the loaded type.
        int64_t copyBytes = bytes;
        if (cast && readIntoRegisters && from.size() == 1) {
          const LoadedTile &tile = loads[static_cast<size_t>(from.front())];
          copyBytes = tile.rows * tile.cols * elementBits(tile.type) / 8;
        }
        // A waited-for warp-group dot reads it from shared memory: it lives
        // until the last dot that reads it.
        const int64_t lastRead = std::max(value.lastRead[0], value.lastRead[1]) + 1;
        program.add([&] { return name() + (copyBytes != bytes ? " (copied before its cast)" : ""); }, copyBytes, defined,
                    readIntoRegisters ? until : asyncMma ? end : std::max(until, lastRead));
      }
      addAccumulatorConversion(program, kernel, i, at, arch);
      if (path == MmaPath::Tcgen05)
        program.add([&] { return "dot " + std::to_string(i + 1) + " completion barrier"; }, pipelined ? 16 : 8, base, end, 8);
      // TMA copies into a dot's rings signal one mbarrier (8 bytes) per stage;
      // on the warp-group path each dot's loads have their own array
      // (measured with Triton 3.6.0: one array per dot, each 16-byte aligned;
      // mma.sync keeps other counts, not modelled).
      if (descriptorRing && asyncMma)
        program.add([&] { return "dot " + std::to_string(i + 1) + " TMA barriers: " + std::to_string(stages) + " x 8 B"; },
                    stages * 8, base, end, 16);
    }
  }
}

void describeReductions(Program &program, const KernelDescription &kernel, const ArchInfo &arch) {
  int64_t point = kLoopEnd + 20; // after any dot loop and its epilogue
  for (const auto &reduction : kernel.reductions) {
    TileShape2D shape{std::max<int64_t>(reduction.rows, 1), reduction.cols};
    // The tile's layout: coalesced for its load, one element per thread
    // where consecutive elements are a stride apart.
    const std::array<int64_t, 2> sizePerThread =
        reduction.strided ? std::array<int64_t, 2>{1, 1}
                          : coalescedSizePerThread(shape, reduction.contiguousDim, elementBits(reduction.loaded),
                                                   kernel.numWarps, arch.warpSize);
    const std::array<int, 2> order{reduction.contiguousDim, 1 - reduction.contiguousDim};
    DistributedLayout loaded = blockedLayout(shape, sizePerThread, order, kernel.numWarps, arch.warpSize);
    int64_t scratch = reduction.scan ? scanScratchBytes(shape, sizePerThread, order, kernel.numWarps, arch.warpSize,
                                                        reduction.axis, reduction.combineBytes)
                                     : reductionScratchBytes(loaded, reduction.axis, reduction.combineBytes);
    for (int i = 0; i < std::max(reduction.count, 1); ++i, point += 2)
      program.add([&] { return std::string(reduction.scan ? "scan" : "reduction") + " across warps of " +
                           tileText(shape[0], shape[1], reduction.loaded); },
                  scratch, point, point + 1, kScratchAlignment);
    if (reduction.storesReducedVector) {
      int64_t length = shape[1 - reduction.axis];
      int storedBits = elementBits(reduction.stored);
      DistributedLayout store = coalescedLayout({length, 1}, 0, storedBits, kernel.numWarps, arch.warpSize);
      // Reduced vectors convert in 32-bit pieces on every arch (calibrated).
      int64_t bytes = convertLayoutScratchBytes(sliceLayout(loaded, reduction.axis), store, storedBits, 32);
      program.add([&] { return "reduced vector to store layout (" + std::to_string(length) + " " +
                      std::string(elementTypeName(reduction.stored)) + ")"; },
                  bytes, point, point + 1, kScratchAlignment);
      point += 2;
    }
  }
  for (const auto &broadcast : kernel.broadcasts) {
    const TileShape2D tile{broadcast.rows, broadcast.cols};
    const int bits = elementBits(broadcast.loaded);
    const int64_t length = tile[broadcast.removedAxis == 0 ? 1 : 0]; // a square tile: either
    if (length < static_cast<int64_t>(kernel.numWarps) * arch.warpSize) continue; // loaded in the slice layout
    DistributedLayout parent = coalescedLayout(tile, broadcast.contiguousDim, bits, kernel.numWarps, arch.warpSize);
    DistributedLayout vector = broadcast.strided
                                   ? blockedLayout({length, 1}, {1, 1}, {0, 1}, kernel.numWarps, arch.warpSize)
                                   : coalescedLayout({length, 1}, 0, bits, kernel.numWarps, arch.warpSize);
    auto intoSlice = [&](int removedAxis) {
      return convertLayoutScratchBytes(vector, sliceLayout(parent, removedAxis), bits, 32);
    };
    int64_t bytes = 0;
    if (broadcast.removedAxis >= 0) {
      bytes = intoSlice(broadcast.removedAxis);
    } else {
      // Along either axis of a square tile: the smaller placed, the larger
      // the upper end.
      const int64_t alongRows = intoSlice(1), alongColumns = intoSlice(0);
      bytes = std::min(alongRows, alongColumns);
      program.largestAlternative = std::max(program.largestAlternative, std::max(alongRows, alongColumns));
    }
    if (broadcast.loadedAsTile && bytes > 0) {
      program.largestAlternative = std::max(program.largestAlternative, tile[0] * tile[1] * std::max(bits, 32) / 8);
      program.assume([&] { return "a row or column load's conversion may be of the whole tile instead"; });
    }
    program.add([&] { return "vector of " + std::to_string(length) + " " + std::string(elementTypeName(broadcast.loaded)) +
                      " to the slice layout of " + tileText(tile[0], tile[1], broadcast.loaded); },
                bytes, point, point + 1, kScratchAlignment);
    point += 2;
  }
}

const char *lifetimeText(const SharedBuffer &buffer) {
  if (buffer.liveStart >= kAfterDots) return "after the loops";
  if (buffer.liveStart >= kFirstPhase) // a phase of a dot sequence
    return buffer.liveEnd - buffer.liveStart >= kPhaseSpan - 20         ? "whole loop"
           : (buffer.liveEnd - kFirstPhase) % kPhaseSpan == kPhaseSpan - 10 ? "until the loop ends"
                                                                            : "until a dot reads it";
  if (buffer.liveStart >= kEpilogue) return "after the loop";
  if (buffer.liveStart <= kKernelStart && buffer.liveEnd >= kLoopEnd) return "whole kernel";
  if (buffer.liveStart == kLoopStart && buffer.liveEnd == kLoopEnd) return "whole loop";
  return "part of each iteration";
}

} // namespace

bool bLayoutMatters(const KernelDescription &kernel, const ArchInfo &arch) {
  // Mirrors the uses of b.kContiguous in describeMatmulLoop: the 8-bit paths
  // and whether the B load can be staged.
  const bool pipelined = kernel.numStages > 1 && (arch.vendor != Vendor::Nvidia || arch.computeCapability >= 80);
  for (const DotDescription &dot : kernel.dots) {
    if (dot.bTransposed) continue; // written transposed: its axis is known
    if (elementBits(dot.input) == 8) return true;
    if (!pipelined || !dot.inLoop || !isLoadedInLoop(dot.b.source)) continue;
    const TileShape2D bShape{dot.k, dot.n};
    if (loadCanBeStaged(bShape, 0, dot.input, kernel.numWarps, arch.warpSize) !=
        loadCanBeStaged(bShape, 1, dot.input, kernel.numWarps, arch.warpSize))
      return true;
  }
  return false;
}

SharedMemoryEstimate estimateSharedMemory(const KernelDescription &kernel, const ArchInfo &arch, Detail detail) {
  const bool explain = detail == Detail::Explained;
  SharedMemoryEstimate estimate;
  estimate.calibrated = arch.vendor == Vendor::Nvidia && arch.computeCapability >= 80;
  Program program;
  program.explain = explain;
  program.buffers.reserve(8);
  if (arch.vendor == Vendor::Nvidia && arch.computeCapability < 80 && kernel.numStages > 1) {
    // Triton 3.6 runs its software pipeliner only from sm80 on (make_ttgir in
    // backends/nvidia/compiler.py): before that num_stages changes nothing.
    KernelDescription unpipelined = kernel;
    unpipelined.numStages = 1;
    SharedMemoryEstimate single = estimateSharedMemory(unpipelined, arch, detail);
    if (explain)
      single.assumptions.push_back("no software pipelining before sm80: num_stages " +
                                   std::to_string(kernel.numStages) + " keeps single buffers");
    return single;
  }
  bool bounded = false; // an upper bound rather than an exact figure
  // Buffers the estimate's upper end takes and its lower end leaves out.
  std::vector<SharedBuffer> registerB;

  const auto &dots = kernel.dots;
  if (!dots.empty()) estimate.mmaPath = selectMmaPath(dots.front(), kernel.numWarps, arch);
  if (isAttentionPattern(kernel)) {
    describeAttentionLoop(program, dots[0], dots[1], estimate.mmaPath, kernel, arch);
  } else if (dots.size() == 1 && !estimatedAsDotSequence(kernel)) {
    describeMatmulLoop(program, dots[0], estimate.mmaPath, kernel, arch);
    if (kernel.epilogueStore)
      addEpilogue(program, estimate.mmaPath, {dots[0].m, dots[0].n}, *kernel.epilogueStore, kernel.numWarps,
                  false, arch, dots[0].storedInLoop);
  } else if (!dots.empty() && kernel.operandOriginsKnown) {
    describeDotSequence(program, registerB, kernel, arch);
    if (kernel.epilogueStore) {
      // One dot whose state is stored every iteration converts it inside
      // its loop, beside the rings (as the single-dot rules measured).
      const bool inLoop = dots.size() == 1 && dots[0].storedInLoop;
      addEpilogue(program, estimate.mmaPath, {dots.back().m, dots.back().n}, *kernel.epilogueStore, kernel.numWarps,
                  false, arch, inLoop);
      if (!program.buffers.empty() && inLoop && program.buffers.back().liveStart == kLoopEnd - 2) {
        const int64_t loopEnd = kFirstPhase + kPhaseSpan - 10; // the only phase's
        program.buffers.back().liveStart = loopEnd - 2;
        program.buffers.back().liveEnd = loopEnd - 1;
      } else if (!program.buffers.empty() && program.buffers.back().liveStart == kEpilogue) {
        // After every phase.
        program.buffers.back().liveStart = kAfterDots;
        program.buffers.back().liveEnd = kAfterDots + 1;
      }
    }
  } else if (!dots.empty()) {
    // Several dots that are not the attention pattern: each described as its
    // own loop, all assumed live at once, which can only overstate.
    for (size_t i = 0; i < dots.size(); ++i) {
      Program single;
      single.explain = explain;
      describeMatmulLoop(single, dots[i], selectMmaPath(dots[i], kernel.numWarps, arch), kernel, arch);
      for (auto &buffer : single.buffers) {
        if (explain) buffer.name = "dot " + std::to_string(i + 1) + " " + buffer.name;
        buffer.liveStart = kKernelStart;
        buffer.liveEnd = kLoopEnd;
        program.buffers.push_back(std::move(buffer));
      }
    }
    bounded = true;
    program.assume([&] {
      return std::to_string(dots.size()) + " dots outside the attention pattern: their buffers counted as live together";
    });
  }
  if (!dots.empty() && !kernel.indexRings.empty()) {
    // Live as the loop's operand rings; a dot sequence's across its phases.
    const bool sequence = estimatedAsDotSequence(kernel);
    const int64_t start = sequence ? kFirstPhase : kLoopStart, end = sequence ? kAfterDots - 1 : kLoopEnd;
    for (const IndexRing &ring : kernel.indexRings)
      for (int copy = 0; copy < ring.copies; ++copy)
        program.add([&] { return "ring of an index load addressing the operands' loads: " + std::to_string(ring.depth) +
                                 " x " + tileText(ring.rows, ring.cols, ring.type); },
                    ring.depth * ring.bytes, start, end);
  }
  describeReductions(program, kernel, arch);

  SharedMemoryLayout placed = placeSharedBuffers(program.buffers, explain);
  estimate.maxBytes = std::max(placed.totalBytes, program.largestAlternative);
  estimate.minBytes = placed.totalBytes;
  if (!registerB.empty()) {
    std::vector<SharedBuffer> withRegisterB = program.buffers;
    withRegisterB.insert(withRegisterB.end(), registerB.begin(), registerB.end());
    SharedMemoryLayout upper = placeSharedBuffers(withRegisterB, explain);
    estimate.maxBytes = std::max(estimate.maxBytes, upper.totalBytes);
    program.assume([] { return "a B operand computed in registers goes through shared memory on mma.sync, or "
                               "through a smaller conversion scratch: the upper end takes its tile"; });
    if (explain) placed = std::move(upper);
  }
  if (bounded) {
    int64_t largest = 0;
    for (const auto &buffer : program.buffers) largest = std::max(largest, buffer.bytes);
    estimate.minBytes = largest;
  }
  if (arch.vendor == Vendor::Amd && !dots.empty() && kernel.epilogueStore) {
    int64_t outputTile = dots.back().m * dots.back().n * elementBits(*kernel.epilogueStore) / 8;
    estimate.maxBytes = std::max(estimate.maxBytes, outputTile);
  }
  if (!explain) return estimate;

  estimate.buffers = placed.placed;
  for (const auto &entry : placed.placed)
    estimate.breakdown.push_back(entry.buffer.name + ": " + std::to_string(entry.buffer.bytes) + " bytes at offset " +
                                 std::to_string(entry.offset) + " (" + lifetimeText(entry.buffer) + ")");
  if (!dots.empty()) {
    estimate.assumptions.push_back("MMA path " + std::string(mmaPathName(estimate.mmaPath)) + " (" + arch.name +
                                   ", num_warps " + std::to_string(kernel.numWarps) + ", BLOCK_M " +
                                   std::to_string(dots.front().m) + ")");
    estimate.assumptions.push_back("dot inputs " + std::string(elementTypeName(dots.front().input)));
  }
  if (!estimate.calibrated)
    estimate.assumptions.push_back(arch.name + " is derived from the NVIDIA rules, not measured");
  for (auto &assumption : program.assumptions) estimate.assumptions.push_back(std::move(assumption));
  for (const auto &gap : kernel.gaps) estimate.assumptions.push_back(gap);
  return estimate;
}

} // namespace btlint::resources
