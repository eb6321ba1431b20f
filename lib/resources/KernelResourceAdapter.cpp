#include "resources/KernelResourceAdapter.h"

#include "eval/TileEval.h"

#include <algorithm>
#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/DenseMap.h>

namespace btlint::resources {
namespace {

// Everything a numbers-only estimate depends on: the described kernel and
// the arch. Two configs with the same key get the same numbers, so the key
// indexes a memo of Detail::Numbers estimates.
struct EstimateKey {
  const ArchInfo *arch = nullptr; // and, against an edited copy at the same address, its main limits
  llvm::SmallVector<int64_t, 32> words;

  EstimateKey(const DescribedKernel &described, const ArchInfo &archInfo) : arch(&archInfo) {
    const KernelDescription &desc = described.description;
    put(archInfo.computeCapability, archInfo.maxSharedPerBlockOptIn, archInfo.registersPerSM, archInfo.maxSharedPerSM);
    put(desc.numWarps, desc.numStages, desc.epilogueStore ? 1 + static_cast<int64_t>(*desc.epilogueStore) : 0,
        described.bLayoutUnknown, described.unmodelledScratchBound, described.reductionsUncertain,
        static_cast<int64_t>(desc.broadcasts.size()),
        static_cast<int64_t>(desc.dots.size()),
        static_cast<int64_t>(desc.reductions.size()), static_cast<int64_t>(desc.elementwiseTiles.size()));
    for (const DotDescription &dot : desc.dots) {
      put(dot.m, dot.n, dot.k, static_cast<int64_t>(dot.input), static_cast<int64_t>(dot.a.source), dot.a.kContiguous,
          static_cast<int64_t>(dot.b.source), dot.b.kContiguous, dot.bTransposed, dot.bIsTransposedA, dot.inLoop,
          dot.phase, dot.carried, dot.accumulator, dot.aFromDot, dot.bFromDot, dot.aLoadedBefore,
          dot.bLoadedBefore, dot.loadsBefore, dot.conditional, dot.aStraight, dot.bStraight, dot.aCast, dot.bCast,
          dot.storedInLoop,
          static_cast<int64_t>(dot.aLoads.size()), static_cast<int64_t>(dot.bLoads.size()));
      for (int load : dot.aLoads) put(load);
      for (int load : dot.bLoads) put(load);
    }
    put(desc.operandOriginsKnown, static_cast<int64_t>(desc.loads.size()));
    for (const LoadedTile &load : desc.loads)
      put(load.order, load.rows, load.cols, load.contiguousDim, static_cast<int64_t>(load.type), load.viaDescriptor);
    for (const ReductionDescription &r : desc.reductions)
      put(r.rows, r.cols, r.axis, r.contiguousDim, r.strided, r.scan, static_cast<int64_t>(r.loaded), r.count, r.storesReducedVector,
          static_cast<int64_t>(r.stored), r.combineBytes, r.combineBytesUpTo);
    for (const VectorBroadcast &b : desc.broadcasts)
      put(b.rows, b.cols, b.removedAxis, b.contiguousDim, b.strided, b.loadedAsTile, static_cast<int64_t>(b.loaded));
    for (const RegisterTile &t : desc.elementwiseTiles) put(t.rows, t.cols, t.count, static_cast<int64_t>(t.type));
    for (const IndexRing &r : desc.indexRings) put(r.order, r.bytes, r.depth, r.copies);
  }
  template <typename... Values> void put(Values... values) { (words.push_back(static_cast<int64_t>(values)), ...); }
};

uint64_t hashOf(const EstimateKey &key) {
  uint64_t h = reinterpret_cast<uintptr_t>(key.arch) * 0x9E3779B97F4A7C15ull;
  for (int64_t word : key.words) h = (h ^ static_cast<uint64_t>(word)) * 0x100000001B3ull + (h >> 29);
  return std::min(h, ~uint64_t{0} - 2); // DenseMap keeps the two largest keys for itself
}

// A numbers-only estimate without its (empty) text vectors: what the memo keeps.
struct EstimateNumbers {
  int64_t sharedMin = 0, sharedMax = 0;
  MmaPath sharedPath = MmaPath::None;
  bool calibrated = true;
  bool fits = true;
  bool spills = false;
  MmaPath registerPath = MmaPath::None;
  int64_t workingSet = 0, spillThreshold = 0, accumulatorRegisters = 0, registersPerThread = 0, registerCap = 0,
          blocksPerSm = 0;

  explicit EstimateNumbers(const KernelResourceEstimate &e)
      : sharedMin(e.shared.minBytes), sharedMax(e.shared.maxBytes), sharedPath(e.shared.mmaPath),
        calibrated(e.shared.calibrated), fits(e.fits), spills(e.registers.spills), registerPath(e.registers.mmaPath),
        workingSet(e.registers.workingSet), spillThreshold(e.registers.spillThreshold),
        accumulatorRegisters(e.registers.accumulatorRegisters),
        registersPerThread(e.registers.registersPerThread), registerCap(e.registers.registerCap),
        blocksPerSm(e.registers.blocksPerSmByRegisters) {}
  void fill(KernelResourceEstimate &e) const {
    e.shared.minBytes = sharedMin;
    e.shared.maxBytes = sharedMax;
    e.shared.mmaPath = sharedPath;
    e.shared.calibrated = calibrated;
    e.fits = fits;
    e.registers.mmaPath = registerPath;
    e.registers.workingSet = workingSet;
    e.registers.spillThreshold = spillThreshold;
    e.registers.accumulatorRegisters = accumulatorRegisters;
    e.registers.spills = spills;
    e.registers.registersPerThread = registersPerThread;
    e.registers.registerCap = registerCap;
    e.registers.blocksPerSmByRegisters = blocksPerSm;
  }
};

// The memo: entries in one vector and their key words in one pool (compact:
// a lookup touches few cache lines and allocates nothing), found by hash
// through a power-of-two map; entries of equal hash are chained.
class EstimateMemo {
public:
  const EstimateNumbers *find(const EstimateKey &key, uint64_t hash) const {
    auto found = firstByHash_.find(hash);
    for (uint32_t i = found == firstByHash_.end() ? kNone : found->second; i != kNone; i = entries_[i].next)
      if (matches(entries_[i], key)) return &entries_[i].numbers;
    return nullptr;
  }
  void add(const EstimateKey &key, uint64_t hash, const KernelResourceEstimate &estimate) {
    if (entries_.size() >= 4096) {
      entries_.clear();
      words_.clear();
      firstByHash_.clear();
    }
    auto [slot, inserted] = firstByHash_.try_emplace(hash, static_cast<uint32_t>(entries_.size()));
    entries_.push_back(Entry{key.arch, static_cast<uint32_t>(words_.size()), static_cast<uint32_t>(key.words.size()),
                             inserted ? kNone : slot->second, EstimateNumbers(estimate)});
    words_.insert(words_.end(), key.words.begin(), key.words.end());
    if (!inserted) slot->second = static_cast<uint32_t>(entries_.size() - 1);
  }

private:
  static constexpr uint32_t kNone = 0xffffffffu;
  struct Entry {
    const ArchInfo *arch;
    uint32_t firstWord, wordCount, next;
    EstimateNumbers numbers;
  };
  bool matches(const Entry &entry, const EstimateKey &key) const {
    if (entry.arch != key.arch || entry.wordCount != key.words.size()) return false;
    const int64_t *stored = words_.data() + entry.firstWord;
    for (size_t i = 0; i < key.words.size(); ++i)
      if (stored[i] != key.words[i]) return false;
    return true;
  }
  std::vector<Entry> entries_;
  std::vector<int64_t> words_;
  llvm::DenseMap<uint64_t, uint32_t> firstByHash_;
};

std::optional<int64_t> resolveDim(const TileDim &dim, const Config &config, const Kernel &kernel) {
  if (dim.constant) return dim.constant;
  return evaluateDim(dim, config, kernel);
}

// The iterations of `loop` under the config when its range is a
// compile-time expression (constexpr parameters, constants); nullopt when it
// reads a runtime value.
std::optional<int64_t> constantIterations(const Loop &loop, const Config &config, const Kernel &kernel) {
  if (loop.iterations.empty() || !loop.iterationDecrements.empty()) return std::nullopt;
  for (const DimOp &op : loop.iterations)
    if (op.kind == DimOp::Param)
      if (const Param *param = kernel.findParam(op.name); param && !param->isConstexpr()) return std::nullopt;
  TileDim count;
  count.program = loop.iterations;
  return evaluateDim(count, config, kernel);
}

// Whether a loop nested in `loop` (at any depth) is one Triton keeps: not
// unrolled (`tl.static_range`) nor folded (one that runs once).
bool holdsAnotherLoop(const Kernel &kernel, int loop, const Config &config) {
  if (loop < 0) return false;
  for (size_t j = 0; j < kernel.loops.size(); ++j) {
    const Loop &inner = kernel.loops[j];
    if (inner.isStaticRange) continue;
    bool nested = false;
    for (int up = inner.parent, depth = 0; up >= 0 && depth < 64 && static_cast<size_t>(up) < kernel.loops.size();
         up = kernel.loops[static_cast<size_t>(up)].parent, ++depth)
      if (up == loop) nested = true;
    if (!nested) continue;
    const std::optional<int64_t> trips = constantIterations(inner, config, kernel);
    if (!trips || *trips > 1) return true;
  }
  return false;
}

std::optional<int> configInt(const std::optional<ScalarValue> &value) {
  if (value && value->isInt()) return static_cast<int>(value->asInt());
  return std::nullopt;
}

// What a GEMM typically writes: its input type, fp8 results widened to fp16.
ElementType storedTypeFor(ElementType input) {
  bool eightBitFloat = input == ElementType::Fp8E4nv || input == ElementType::Fp8E5;
  return eightBitFloat ? ElementType::Fp16 : input;
}

OperandSource sourceOf(bool fromLoad, bool inLoop) {
  if (fromLoad) return OperandSource::PipelinedLoad;
  return inLoop ? OperandSource::TransformedLoad : OperandSource::LoadedBeforeLoop;
}

std::string dimsText(int64_t m, int64_t n, int64_t k) {
  return "M=" + std::to_string(m) + ", N=" + std::to_string(n) + ", K=" + std::to_string(k);
}

} // namespace

namespace {

// A dot under an `if` decided at run time in its loop, unless a constexpr
// of the config makes the condition true (`if n > 0 or ALL:` with ALL=True:
// Triton folds the test away and pipelines the loop).
bool underRuntimeTest(const DotSite &site, const Config &config, const Kernel &kernel) {
  return site.underRuntimeTest && !anyTestHolds(site.runtimeTestUnless, config, kernel);
}

// The bytes a reduction's combine carries per element (ReduceOpHelper::
// getScratchSizeInBytes sums the operands' widths): the element's own for
// floats (tl.sum keeps fp16 and bf16, measured: 2 B per warp), integers
// narrower than 32 bits widened to int32, and a 32-bit index more for
// argmax and argmin. {exact, upper}: equal unless the element type is not
// visible, when it lies between the kernel's type and 32 bits.
std::pair<int, int> combineBytesOf(const ScratchOp &op, ElementType assumed) {
  const int index = op.op == "argmax" || op.op == "argmin" ? 4 : 0;
  if (op.dtype == "int8" || op.dtype == "int16" || op.dtype == "uint8" || op.dtype == "uint16" || op.dtype == "int1")
    return {4 + index, 4 + index};
  if (op.dtype == "int32" || op.dtype == "uint32") return {4 + index, 4 + index};
  if (op.dtype == "int64" || op.dtype == "uint64" || op.dtype == "fp64") return {8 + index, 8 + index};
  if (auto visible = parseElementType(op.dtype)) {
    const int bytes = std::max(elementBits(*visible) / 8, 1);
    return {bytes + index, bytes + index};
  }
  return {elementBits(assumed) / 8 + index, std::max(elementBits(assumed) / 8, 4) + index};
}

// The kernel's reductions as ReductionDescriptions, and the 1-D loads it
// broadcasts into its 2-D tile; false when a scratch operation is not
// modelled (a scan, a layout change, an atomic read back, a shape that does
// not resolve, a helper that may hold one).
bool describeReductions(DescribedKernel &described, const Kernel &kernel, const Config &config, ElementType assumed,
                        bool explain) {
  KernelDescription &desc = described.description;
  if (!kernel.helpersMayNeedScratch || *kernel.helpersMayNeedScratch) return false;
  // Each load is coalesced for its own shape. Modelled: loads of one shape,
  // or 2-D loads of one shape (the tile, whose coalesced layout the
  // elementwise code and its reductions take) with vectors broadcast into
  // it: 1-D loads along one of its axes, rows [1, D] and columns [T, 1].
  struct Loaded {
    std::vector<int64_t> extents;
    const TileShape *tile;
  };
  llvm::SmallVector<Loaded, 8> loads;
  for (const TileShape &loaded : kernel.tiles) {
    if (loaded.source != TileSource::Load && loaded.source != TileSource::BlockPointer) continue;
    if (!guardsHold(loaded.guards, config, kernel)) continue; // compiled out under this config
    std::vector<int64_t> extents;
    for (const TileDim &dim : loaded.dims) {
      auto value = resolveDim(dim, config, kernel);
      if (!value || *value <= 0) return false;
      extents.push_back(*value);
    }
    if (extents.size() > 2) return false;
    loads.push_back(Loaded{std::move(extents), &loaded});
  }
  // The tile: the 2-D shape with both extents above 1, else the one 2-D shape.
  std::optional<std::vector<int64_t>> tile;
  for (bool full : {true, false}) {
    for (const Loaded &load : loads) {
      if (load.extents.size() != 2 || (full && (load.extents[0] == 1 || load.extents[1] == 1))) continue;
      if (tile && *tile != load.extents) return false;
      tile = load.extents;
    }
    if (tile) break;
  }
  int contiguousDim = -1; // the tile's, where a load says it
  std::vector<std::pair<int64_t, bool>> vectors; // 1-D loads: length, strided
  bool stridedVectors = false, contiguousVectors = false;
  const bool fullTile = tile && (*tile)[0] > 1 && (*tile)[1] > 1;
  for (const Loaded &load : loads) {
    if (load.extents.size() == 1) {
      vectors.emplace_back(load.extents[0], load.tile->strided);
      (load.tile->strided ? stridedVectors : contiguousVectors) = true;
    } else if (load.extents == *tile) {
      if (load.tile->contiguousAxis >= 0) {
        if (contiguousDim >= 0 && contiguousDim != load.tile->contiguousAxis) return false; // layouts differ
        contiguousDim = load.tile->contiguousAxis;
      }
    } else if (fullTile && load.extents[0] == 1 && load.extents[1] == (*tile)[1]) {
      desc.broadcasts.push_back(VectorBroadcast{(*tile)[0], (*tile)[1], 0, 1, load.tile->strided, true, assumed});
    } else if (fullTile && load.extents[1] == 1 && load.extents[0] == (*tile)[0]) {
      desc.broadcasts.push_back(VectorBroadcast{(*tile)[0], (*tile)[1], 1, 1, load.tile->strided, true, assumed});
    } else {
      return false;
    }
  }
  if (contiguousDim < 0) contiguousDim = 1; // row-major unless an address says otherwise
  for (VectorBroadcast &broadcast : desc.broadcasts) broadcast.contiguousDim = contiguousDim;
  if (!tile) {
    for (const auto &[length, strided] : vectors)
      if (length != vectors.front().first) return false;
  } else {
    for (const auto &[length, strided] : vectors) {
      if (length != (*tile)[0] && length != (*tile)[1]) return false;
      // A square tile does not say which axis the vector runs along: either.
      const int removedAxis = (*tile)[0] == (*tile)[1] ? -1 : length == (*tile)[1] ? 0 : 1;
      desc.broadcasts.push_back(
          VectorBroadcast{(*tile)[0], (*tile)[1], removedAxis, contiguousDim, strided, false, assumed});
    }
  }
  for (const ScratchOp &op : kernel.scratchOps) {
    if (!guardsHold(op.guards, config, kernel)) continue;
    const bool scan = op.kind == ScratchOpKind::Scan && (op.op == "cumsum" || op.op == "cumprod");
    if ((op.kind != ScratchOpKind::Reduction && !scan) || !op.operandKnown || op.operand.empty() ||
        op.operand.size() > 2)
      return false;
    std::vector<int64_t> extents;
    for (const TileDim &dim : op.operand) {
      auto value = resolveDim(dim, config, kernel);
      if (!value || *value <= 0) return false;
      extents.push_back(*value);
    }
    ReductionDescription reduction;
    // The tile's layout is the one its load was coalesced to: the pointers'
    // element type, whatever the values were cast to afterwards.
    reduction.loaded = assumed;
    if (extents.size() == 1) {
      // A 1-D block reduces to a scalar, which every thread then holds. Next
      // to a 2-D tile a vector may be a slice of it instead: not modelled.
      if (tile || (stridedVectors && contiguousVectors)) return false;
      reduction.rows = 1, reduction.cols = extents[0], reduction.axis = 1;
      reduction.strided = stridedVectors;
    } else {
      // A 2-D reduction along one axis of the tile, in the tile's layout; a
      // vector stored as it is converts to the store's layout first.
      if (!tile || extents != *tile || op.axis < 0) return false;
      reduction.rows = extents[0], reduction.cols = extents[1], reduction.axis = op.axis;
      reduction.contiguousDim = contiguousDim;
      reduction.storesReducedVector = op.resultStored;
      reduction.stored = assumed;
    }
    reduction.scan = scan;
    auto [bytes, upTo] = combineBytesOf(op, assumed);
    reduction.combineBytes = bytes;
    reduction.combineBytesUpTo = upTo;
    if (upTo != bytes) described.reductionsUncertain = true;
    desc.reductions.push_back(reduction);
  }
  if (explain && !desc.reductions.empty())
    described.assumptions.push_back(std::to_string(desc.reductions.size()) +
                                    " reduction(s) outside dot loops, placed as Triton places their scratch");
  if (explain && !desc.broadcasts.empty())
    described.assumptions.push_back(std::to_string(desc.broadcasts.size()) +
                                    " vector load(s) broadcast into the 2-D tile, converted to its slice layout where "
                                    "they have at least one element per thread");
  return true;
}

// Fills `described`, reusing its vectors' storage; false when a size does not resolve.
// Loads of the dot's loop whose values address the operands' loads (a
// group index selecting rows of scales and zeros) are levels of indirection:
// Triton 3.6 (AssignLatencies.cpp) drops the levels at num_stages - 1 or
// deeper and spreads num_stages - 1 over the rest, every load of the loop
// getting (num_stages - 1) / (levels + 1) stages of latency; the index loads
// kept get rings of their own, one per layout the loads they address read
// them in (measured on GPTQ-style kernels, test_resources_frontend.cpp).
void applyIndirection(KernelDescription &desc, const Kernel &kernel, const Config &config,
                      llvm::ArrayRef<std::pair<int, int>> operandLoads, ElementType assumed,
                      std::vector<Note> *notes) {
  const int stages = desc.numStages;
  if (stages < 3 || operandLoads.empty()) return; // no stage left for a level of indirection
  auto tileAt = [&](int index) -> const TileShape * {
    return index >= 0 && static_cast<size_t>(index) < kernel.tiles.size() ? &kernel.tiles[static_cast<size_t>(index)]
                                                                          : nullptr;
  };
  llvm::SmallVector<std::pair<int, int>, 8> levels; // tile -> level
  for (const auto &entry : operandLoads) levels.emplace_back(entry.first, 0);
  // A worklist from the dot's operand loads: each load the addresses read
  // is one level deeper than the deepest load it addresses.
  for (size_t next = 0; next < levels.size() && levels.size() < 32; ++next) {
    const auto [tileIndex, level] = levels[next];
    const TileShape *tile = tileAt(tileIndex);
    if (!tile || level + 1 >= stages - 1) continue;
    for (int source : tile->addressLoads) {
      const TileShape *index = tileAt(source);
      if (!index || !guardsHold(index->guards, config, kernel)) continue;
      auto known = std::find_if(levels.begin(), levels.end(), [&](const auto &entry) { return entry.first == source; });
      if (known == levels.end()) levels.emplace_back(source, level + 1);
      else known->second = std::max(known->second, level + 1);
    }
  }
  int deepest = 0;
  for (const auto &entry : levels) deepest = std::max(deepest, entry.second);
  if (deepest == 0) return;
  const int latency = (stages - 1) / (deepest + 1);
  desc.numStages = latency + 1;
  for (const auto &[tileIndex, level] : levels) {
    if (level == 0) continue;
    const TileShape &tile = *tileAt(tileIndex);
    IndexRing ring;
    ring.order = tileIndex;
    ring.depth = latency;
    ring.type = parseElementType(tile.dtype).value_or(ElementType::Int32);
    int64_t elements = 1, last = 1;
    for (const TileDim &dim : tile.dims) {
      auto value = resolveDim(dim, config, kernel);
      if (!value || *value <= 0) return;
      elements *= *value;
      last = *value;
    }
    if (tile.dims.size() == 2) ring.rows = elements / last;
    ring.cols = elements / ring.rows;
    ring.bytes = elements * elementBits(ring.type) / 8;
    // One copy per element width of the loads it addresses (their layouts).
    llvm::SmallVector<int, 4> widths;
    for (const auto &[user, userLevel] : levels) {
      const TileShape *addressed = tileAt(user);
      if (userLevel != level - 1 || !addressed ||
          std::find(addressed->addressLoads.begin(), addressed->addressLoads.end(), tileIndex) ==
              addressed->addressLoads.end())
        continue;
      const int bits = elementBits(parseElementType(addressed->dtype).value_or(assumed));
      if (std::find(widths.begin(), widths.end(), bits) == widths.end()) widths.push_back(bits);
    }
    ring.copies = std::max<int>(1, static_cast<int>(widths.size()));
    desc.indexRings.push_back(ring);
  }
  if (notes)
    notes->push_back(Note("loads in the dot's loop address others through " + std::to_string(deepest) +
                          (deepest == 1 ? " level" : " levels") + " of loaded indices: num_stages " +
                          std::to_string(stages) + " gives each load " + std::to_string(latency) +
                          (latency == 1 ? " stage" : " stages") + " of latency"));
}

bool describeInto(DescribedKernel &described, const Kernel &kernel, const Config &config, std::string_view dtype,
                  std::string_view dtypeSource, std::string *whyNot, Detail detail) {
  const bool explain = detail == Detail::Explained;
  KernelDescription &desc = described.description;
  desc.dots.clear();
  desc.loads.clear();
  desc.indexRings.clear();
  desc.operandOriginsKnown = false;
  desc.epilogueStore.reset();
  desc.reductions.clear();
  desc.broadcasts.clear();
  desc.elementwiseTiles.clear();
  desc.gaps.clear();
  described.bLayoutUnknown = false;
  described.unmodelledScratchBound = 0;
  described.reductionsUncertain = false;
  described.assumptions.clear();
  auto &notes = described.assumptions;

  if (auto warps = configInt(config.numWarps)) {
    desc.numWarps = *warps;
  } else {
    desc.numWarps = kDefaultNumWarps;
    if (explain) notes.push_back("num_warps not set: Triton's default " + std::to_string(kDefaultNumWarps));
  }
  if (auto stages = configInt(config.numStages)) {
    desc.numStages = *stages;
  } else {
    desc.numStages = kDefaultNumStages;
    if (explain) notes.push_back("num_stages not set: Triton's default " + std::to_string(kDefaultNumStages));
  }
  if (desc.numWarps <= 0 || desc.numStages <= 0) {
    if (whyNot) *whyNot = "num_warps and num_stages must be positive";
    return false;
  }

  ElementType assumed = ElementType::Fp16;
  if (auto parsed = parseElementType(dtype); parsed && *parsed != ElementType::Int32) {
    assumed = *parsed;
    if (explain)
      notes.push_back(Note("element type " + std::string(elementTypeName(assumed)) +
                               (dtypeSource.empty() ? std::string() : " (" + std::string(dtypeSource) + ")"),
                           dtypeSource == kernel.dtypeSource ? kernel.dtypeSourceSpan : SourceSpan()));
  } else {
    if (explain) notes.push_back("element type '" + std::string(dtype) + "' not recognised: assumed fp16");
  }

  // The dots the config compiles: those under an `if` on a parameter whose
  // value fails it are not in the kernel Triton builds.
  // Each with the loop Triton pipelines it in: a loop the config makes run
  // once is folded into the code around it; one that never runs takes its
  // dots with it.
  llvm::SmallVector<const DotSite *, 4> sites;
  llvm::SmallVector<int, 4> pipelinedLoops; // -1: none known (a model without loop indices)
  llvm::SmallVector<bool, 4> inLoops;
  for (const DotSite &site : kernel.dots) {
    if (!guardsHold(site.guards, config, kernel)) continue;
    int loop = site.innerLoop;
    bool runs = true, folded = false;
    while (loop >= 0 && static_cast<size_t>(loop) < kernel.loops.size()) {
      const std::optional<int64_t> trips = constantIterations(kernel.loops[static_cast<size_t>(loop)], config, kernel);
      if (!trips || *trips > 1) break;
      if (*trips <= 0) runs = false;
      folded = true;
      loop = kernel.loops[static_cast<size_t>(loop)].parent;
    }
    if (!runs) continue;
    sites.push_back(&site);
    pipelinedLoops.push_back(loop);
    // Triton pipelines innermost loops only: a dot in a loop that holds
    // another (one that runs more than once) is not staged in rings.
    inLoops.push_back((folded ? loop >= 0 : site.loopDepth > 0) && !holdsAnotherLoop(kernel, loop, config));
  }
  // The loads dot operands are computed from, each described once.
  desc.operandOriginsKnown = !sites.empty();
  llvm::SmallVector<std::pair<int, int>, 8> loadIndex; // Kernel::tiles index -> desc.loads index
  auto describeLoads = [&](const std::vector<int> &tiles, std::vector<int> &into) {
    for (int tileIndex : tiles) {
      // A load in an `if FLAG:` arm this config compiles out feeds nothing.
      if (tileIndex >= 0 && static_cast<size_t>(tileIndex) < kernel.tiles.size() &&
          !guardsHold(kernel.tiles[static_cast<size_t>(tileIndex)].guards, config, kernel))
        continue;
      auto known = std::find_if(loadIndex.begin(), loadIndex.end(),
                                [&](const std::pair<int, int> &entry) { return entry.first == tileIndex; });
      if (known != loadIndex.end()) {
        into.push_back(known->second);
        continue;
      }
      if (tileIndex < 0 || static_cast<size_t>(tileIndex) >= kernel.tiles.size()) return false;
      const TileShape &tile = kernel.tiles[static_cast<size_t>(tileIndex)];
      if (tile.dims.empty()) return false;
      LoadedTile loaded;
      loaded.order = tileIndex;
      std::vector<int64_t> extents;
      for (const TileDim &dim : tile.dims) {
        auto value = resolveDim(dim, config, kernel);
        if (!value || *value <= 0) return false;
        extents.push_back(*value);
      }
      // A block with leading unit dimensions (a tensor descriptor's
      // [1, BLOCK_M, BLOCK_K] over a batch axis) is its last two.
      while (extents.size() > 2 && extents.front() == 1) extents.erase(extents.begin());
      if (extents.size() > 2) return false;
      if (extents.size() == 2) loaded.rows = extents[0];
      loaded.cols = extents.back();
      loaded.contiguousDim = tile.contiguousAxis >= 0 ? tile.contiguousAxis : 1;
      loaded.type = assumed;
      if (auto visible = parseElementType(tile.dtype)) loaded.type = *visible;
      if (explain && !tile.dtypeShownBy.empty())
        notes.push_back(Note("the load at line " + std::to_string(tile.span.line) + " reads " + tile.dtype + ": " +
                                 tile.dtypeShownBy,
                             tile.span.start()));
      // A descriptor load under an `if` this config turns off is compiled out
      // (the other arm's pointer load is the operand).
      loaded.viaDescriptor = tile.viaDescriptor && guardsHold(tile.guards, config, kernel);
      loadIndex.emplace_back(tileIndex, static_cast<int>(desc.loads.size()));
      into.push_back(static_cast<int>(desc.loads.size()));
      desc.loads.push_back(loaded);
    }
    return true;
  };
  for (size_t index = 0; index < sites.size(); ++index) {
    const DotSite &site = *sites[index];
    if (site.a.size() < 2 || site.b.size() < 2) {
      if (whyNot) *whyNot = "the operand shapes of a tl.dot are not known";
      return false;
    }
    auto m = resolveDim(site.a[site.a.size() - 2], config, kernel);
    auto k = resolveDim(site.a.back(), config, kernel);
    auto n = resolveDim(site.b.back(), config, kernel);
    if (!m || !k || !n) {
      if (whyNot) *whyNot = "a tl.dot operand extent does not resolve for this config";
      return false;
    }
    DotDescription dot;
    dot.m = *m;
    dot.n = *n;
    dot.k = *k;
    // Under a runtime `if` in its loop the dot is in the loop but not pipelined.
    dot.inLoop = inLoops[index] && !underRuntimeTest(site, config, kernel);
    // A dot outside every loop is a phase of its own; one in a loop, of the
    // loop Triton pipelines it in: the rings of loops that run one after
    // the other (also inside one outer loop) are freed as each ends.
    const int phaseLoop = pipelinedLoops[index] >= 0 ? pipelinedLoops[index] : site.outerLoop;
    dot.phase = phaseLoop >= 0 ? phaseLoop : -1 - static_cast<int>(desc.dots.size());
    if (phaseLoop >= 0 && static_cast<size_t>(phaseLoop) < kernel.loops.size())
      dot.phaseStart = kernel.loops[static_cast<size_t>(phaseLoop)].span.start();
    dot.carried = site.accumulates;
    dot.storedInLoop = inLoops[index] && std::any_of(site.accumulatorStoresInLoop.begin(),
                                                     site.accumulatorStoresInLoop.end(),
                                                     [&](const std::vector<AccessGuard> &guards) {
                                                       return guardsHold(guards, config, kernel);
                                                     });
    if (!site.accumulator.empty())
      for (const DotSite &earlier : kernel.dots)
        if (earlier.accumulator == site.accumulator && earlier.outerLoop == site.outerLoop) {
          dot.accumulator = static_cast<int>(&earlier - kernel.dots.data());
          break;
        }
    dot.input = assumed;
    if (auto visible = parseElementType(site.inputDtype); visible && *visible != ElementType::Int32)
      dot.input = *visible;
    dot.a = {sourceOf(site.aFromLoad, inLoops[index]), true};
    dot.b = {sourceOf(site.bFromLoad, inLoops[index]), false};
    // `tl.trans(x)` of a tile loaded along its last axis is K-major;
    // `tl.dot(x, tl.trans(x))`: B is A's K-contiguous tile transposed.
    dot.bTransposed = site.bTransposed;
    dot.bIsTransposedA = site.operandsShareLoad;
    if (dot.bTransposed) dot.b.kContiguous = true;
    if (site.scaled && explain) notes.push_back("tl.dot_scaled described as a plain dot of its operand type");
    if (!site.originsKnown || !describeLoads(site.aLoads, dot.aLoads) || !describeLoads(site.bLoads, dot.bLoads))
      desc.operandOriginsKnown = false;
    dot.aFromDot = site.aFromDot;
    dot.bFromDot = site.bFromDot;
    dot.aStraight = site.aStraight;
    dot.bStraight = site.bStraight;
    dot.aCast = site.aCast;
    // A run-time scalar in an arm the config compiles out takes no part.
    auto scaledAtRunTime = [&](const std::vector<std::vector<AccessGuard>> &places) {
      return std::any_of(places.begin(), places.end(),
                         [&](const std::vector<AccessGuard> &guards) { return guardsHold(guards, config, kernel); });
    };
    dot.aScaledAtRunTime = scaledAtRunTime(site.aRunTimeScalars);
    dot.bScaledAtRunTime = scaledAtRunTime(site.bRunTimeScalars);
    dot.bCast = site.bCast;
    dot.aLoadedBefore = site.aLoadedBefore;
    dot.bLoadedBefore = site.bLoadedBefore;
    dot.loadsBefore = site.tilesBefore;
    // The one 2-D load B is unpacked from (per-group scales and zeros it is
    // scaled by are vectors).
    if (dot.b.source == OperandSource::TransformedLoad && desc.operandOriginsKnown) {
      int packed = 0;
      for (int tile : site.bLoads) {
        const TileShape &loaded = kernel.tiles[static_cast<size_t>(tile)];
        auto visible = parseElementType(loaded.dtype);
        if (loaded.dims.size() == 2 && visible && elementBits(*visible) != elementBits(dot.input)) {
          dot.bUnpackedFrom = *visible;
          ++packed;
        }
      }
      if (packed != 1) dot.bUnpackedFrom.reset();
    }
    dot.conditional = std::any_of(site.guards.begin(), site.guards.end(), [&](const AccessGuard &guard) {
      return !paramValue(guard.param, config, kernel);
    });
    dot.region = site.innerLoop;
    if (site.accumulatorFrom >= 0 && static_cast<size_t>(site.accumulatorFrom) < kernel.dots.size())
      for (size_t earlier = 0; earlier < index; ++earlier)
        if (sites[earlier] == &kernel.dots[static_cast<size_t>(site.accumulatorFrom)])
          dot.accumulatorFrom = static_cast<int>(earlier);
    desc.dots.push_back(dot);
  }

  // `tl.range(..., num_stages=S)` around a dot pipelines that loop S deep,
  // whatever the config's num_stages; the deepest dot loop sets the buffers.
  std::optional<int64_t> loopStages;
  const Loop *setBy = nullptr;
  for (int loop : pipelinedLoops) {
    if (loop < 0 || static_cast<size_t>(loop) >= kernel.loops.size()) continue;
    const Loop *innermost = &kernel.loops[static_cast<size_t>(loop)];
    const int64_t stages = innermost->numStages ? std::max<int64_t>(*innermost->numStages, 1) : desc.numStages;
    if (innermost->numStages) setBy = innermost;
    loopStages = std::max(loopStages.value_or(0), stages);
  }
  if (setBy && loopStages && *loopStages != desc.numStages) {
    if (explain)
      notes.push_back(Note("num_stages " + std::to_string(*loopStages) + " from the loop's `tl.range(..., num_stages=" +
                               std::to_string(*setBy->numStages) + ")` at line " + std::to_string(setBy->span.line) +
                               ", not the config's " + std::to_string(desc.numStages),
                           setBy->span.start()));
    desc.numStages = static_cast<int>(*loopStages);
  }
  applyIndirection(desc, kernel, config, loadIndex, assumed, explain ? &notes : nullptr);

  auto &dots = desc.dots;
  // Where the front-end follows operands, P must be computed from the first
  // dot's result (two dots sharing a loaded A are not attention).
  const bool attention = dots.size() == 2 && dots[0].inLoop && dots[1].inLoop && !sites[0]->aFromLoad &&
                         sites[0]->bFromLoad && !sites[1]->aFromLoad && sites[1]->bFromLoad &&
                         dots[1].m == dots[0].m && dots[1].k == dots[0].n &&
                         (!sites[1]->originsKnown || sites[1]->aFromDot);
  if (attention) {
    // Flash-attention shape: S = Q K^T with Q loaded before the loop and K
    // read K-major, then P V with P straight from the first dot.
    dots[0].a = {OperandSource::LoadedBeforeLoop, true};
    dots[0].b = {OperandSource::PipelinedLoad, true};
    dots[1].a = {OperandSource::PreviousDot, true};
    dots[1].b = {OperandSource::PipelinedLoad, false};
    if (explain) notes.push_back("two chained dots read as attention: Q loaded before the loop, K K-major, P from the first dot");
  } else {
    for (size_t i = 0; explain && i < dots.size(); ++i) {
      std::string which = "the tl.dot (" + dimsText(dots[i].m, dots[i].n, dots[i].k) + ")";
      if (dots[i].a.source == OperandSource::TransformedLoad)
        notes.push_back(which + ": A is not a plain load in the loop, taken as a load changed in registers");
      if (dots[i].a.source == OperandSource::LoadedBeforeLoop && dots[i].inLoop)
        notes.push_back(which + ": A taken as loaded before the loop");
      if (dots[i].b.source == OperandSource::TransformedLoad && dots[i].bUnpackedFrom)
        notes.push_back(which + ": B is unpacked in registers from a load of " +
                        std::string(elementTypeName(*dots[i].bUnpackedFrom)) + " (its values are shifted or masked)");
      else if (dots[i].b.source == OperandSource::TransformedLoad)
        notes.push_back(which + ": B is changed in registers before the dot (not calibrated)");
    }
    // The model does not say which axis of B is contiguous; describe both
    // and let the estimate report a range where they differ.
    described.bLayoutUnknown = !dots.empty();
  }
  if (!dots.empty()) {
    desc.epilogueStore = storedTypeFor(dots.back().input);
    if (explain) notes.push_back("the result is stored as " + std::string(elementTypeName(*desc.epilogueStore)));
  }
  for (size_t i = 0; explain && i < dots.size(); ++i)
    if (underRuntimeTest(*sites[i], config, kernel) && inLoops[i])
      notes.push_back(Note("the tl.dot at line " + std::to_string(sites[i]->span.line) +
                               " runs under an `if` decided at run time inside its loop: Triton does not pipeline "
                               "it, its operands are single-buffered",
                           sites[i]->span.start()));
  if (explain && std::any_of(dots.begin(), dots.end(), [&](const DotDescription &d) {
        return !d.inLoop && !underRuntimeTest(*sites[static_cast<size_t>(&d - dots.data())], config, kernel);
      }))
    notes.push_back("a tl.dot outside any loop: its operands are not multi-buffered");

  // Without dots: the loaded tiles stay in registers; the scratch of their
  // reductions is modelled where the shapes are known, bounded otherwise.
  if (dots.empty()) {
    const bool modelled = describeReductions(described, kernel, config, assumed, explain);
    int64_t largest = 0, count = 0;
    for (const TileShape &tile : kernel.tiles) {
      if (tile.source != TileSource::Load || !guardsHold(tile.guards, config, kernel)) continue;
      int64_t numel = 1, longest = 1;
      bool known = !tile.dims.empty();
      for (const TileDim &dim : tile.dims) {
        auto value = resolveDim(dim, config, kernel);
        if (!value) {
          known = false;
          break;
        }
        numel *= *value;
        longest = std::max(longest, *value);
      }
      if (!known) continue;
      if (numel > largest) {
        largest = numel;
        count = 1;
      } else if (numel == largest) {
        ++count;
      }
      // A reduction keeps one fp32 partial per warp for each element of the
      // other axis (a 1-D block: per warp); storing a reduced vector
      // converts at most that vector.
      int64_t bound = tile.dims.size() > 1 ? 4 * desc.numWarps * longest : 4 * desc.numWarps;
      if (!modelled) described.unmodelledScratchBound = std::max(described.unmodelledScratchBound, bound);
    }
    if (largest > 0) desc.elementwiseTiles.push_back(RegisterTile{1, largest, static_cast<int>(count), assumed});
    if (explain && described.unmodelledScratchBound > 0)
      notes.push_back("scans, layout changes, atomics read back or helpers are not in the kernel model: their "
                      "scratch is bounded by " + std::to_string(described.unmodelledScratchBound) + " bytes");
  }
  return true;
}

} // namespace

std::optional<DescribedKernel> describeKernel(const Kernel &kernel, const Config &config, std::string_view dtype,
                                              std::string_view dtypeSource, std::string *whyNot, Detail detail) {
  DescribedKernel described;
  if (!describeInto(described, kernel, config, dtype, dtypeSource, whyNot, detail)) return std::nullopt;
  return described;
}

namespace {

KernelResourceEstimate estimateDescribed(const DescribedKernel *described, const ArchInfo &arch, Detail detail) {
  const bool explain = detail == Detail::Explained;
  KernelResourceEstimate estimate;
  estimate.shared = estimateSharedMemory(described->description, arch, detail);
  if (described->bLayoutUnknown && bLayoutMatters(described->description, arch)) {
    KernelDescription kMajorB = described->description;
    for (auto &dot : kMajorB.dots) dot.b.kContiguous = true;
    SharedMemoryEstimate other = estimateSharedMemory(kMajorB, arch, detail);
    if (other.minBytes != estimate.shared.minBytes || other.maxBytes != estimate.shared.maxBytes) {
      estimate.shared.minBytes = std::min(estimate.shared.minBytes, other.minBytes);
      estimate.shared.maxBytes = std::max(estimate.shared.maxBytes, other.maxBytes);
      if (explain)
        estimate.assumptions.push_back("B's contiguous axis is not known: the range covers a row-major [K, N] B and "
                                     "a K-major (transposed) B");
    }
  }
  // A variant of the description whose bytes one end of the range must
  // reach: that end moves to it, and the assumption is noted, when it lies
  // beyond.
  enum class End { Lower, Upper };
  auto reach = [&](const KernelDescription &variant, End end, const char *assumption) {
    const SharedMemoryEstimate other = estimateSharedMemory(variant, arch, detail);
    int64_t &bound = end == End::Lower ? estimate.shared.minBytes : estimate.shared.maxBytes;
    const int64_t reached = end == End::Lower ? other.minBytes : other.maxBytes;
    if (end == End::Lower ? reached >= bound : reached <= bound) return;
    bound = reached;
    if (explain) estimate.assumptions.push_back(assumption);
  };
  // A B operand changed in registers before the dot (a dequantisation) is
  // not in the calibration table: Triton may multi-buffer its load or not,
  // so the lower end of the range keeps it in a single buffer.
  const auto &dots = described->description.dots;
  // One unpacked from a load of another width is measured (describeMatmulLoop).
  auto uncalibratedB = [&](const DotDescription &dot) {
    return dot.b.source == OperandSource::TransformedLoad && !dot.bUnpackedFrom &&
           bRingedTiles(dot, described->description,
                        selectMmaPath(dot, described->description.numWarps, arch)).empty();
  };
  if (!estimatedAsDotSequence(described->description) && std::any_of(dots.begin(), dots.end(), uncalibratedB)) {
    KernelDescription singleB = described->description;
    for (auto &dot : singleB.dots)
      if (uncalibratedB(dot)) dot.b.source = OperandSource::LoadedBeforeLoop;
    reach(singleB, End::Lower,
          "B is changed in registers before the dot (not calibrated): the range covers its load multi-buffered "
          "or in a single buffer");
  }
  // Dots under an `if` the config does not decide may not be compiled: with
  // several dots, the lower end leaves them out.
  if (dots.size() > 1 && described->description.operandOriginsKnown &&
      std::any_of(dots.begin(), dots.end(), [](const DotDescription &dot) { return dot.conditional; })) {
    KernelDescription decided = described->description;
    std::vector<DotDescription> kept;
    for (const DotDescription &dot : decided.dots)
      if (!dot.conditional) kept.push_back(dot);
    if (kept.empty()) kept.push_back(decided.dots.front());
    decided.dots = std::move(kept);
    reach(decided, End::Lower,
          "dots under an `if` the config does not decide may not be compiled: the lower end leaves them out");
  }
  if (described->reductionsUncertain) {
    KernelDescription widest = described->description;
    for (auto &reduction : widest.reductions) reduction.combineBytes = reduction.combineBytesUpTo;
    reach(widest, End::Upper, "a reduction's element type is not visible: the upper end takes a 32-bit combine");
  }
  if (described->unmodelledScratchBound > 0)
    estimate.shared.maxBytes = std::max(estimate.shared.maxBytes, described->unmodelledScratchBound);
  estimate.registers = estimateRegisters(described->description, arch, detail);
  estimate.fits = estimate.shared.bytes() <= arch.maxSharedPerBlockOptIn;
  if (!explain) return estimate;

  estimate.breakdown = estimate.shared.breakdown;
  for (const Note &part : estimate.registers.breakdown) estimate.breakdown.push_back(part.text);
  std::vector<Note> assumptions = described->assumptions;
  assumptions.insert(assumptions.end(), estimate.shared.assumptions.begin(), estimate.shared.assumptions.end());
  assumptions.insert(assumptions.end(), estimate.assumptions.begin(), estimate.assumptions.end());
  estimate.assumptions = std::move(assumptions);
  return estimate;
}

} // namespace

std::optional<KernelResourceEstimate> estimateKernelResources(const Kernel &kernel, const Config &config,
                                                              const ArchInfo &arch, std::string_view dtype,
                                                              std::string_view dtypeSource, std::string *whyNot,
                                                              Detail detail) {
  if (detail == Detail::Numbers) {
    std::optional<KernelResourceEstimate> estimate;
    estimateKernelNumbers(kernel, config, arch, dtype, dtypeSource, estimate, whyNot);
    return estimate;
  }
  auto described = describeKernel(kernel, config, dtype, dtypeSource, whyNot, detail);
  if (!described) return std::nullopt;
  return estimateDescribed(&*described, arch, detail);
}

bool estimateKernelNumbers(const Kernel &kernel, const Config &config, const ArchInfo &arch, std::string_view dtype,
                           std::string_view dtypeSource, std::optional<KernelResourceEstimate> &out,
                           std::string *whyNot) {
  out.reset();
  // One description per thread, refilled for each config: its vectors keep their storage.
  thread_local DescribedKernel described;
  if (!describeInto(described, kernel, config, dtype, dtypeSource, whyNot, Detail::Numbers)) return false;
  // The rules judge every config of every list on every arch, and kernels of
  // a repository share their config lists and tile shapes: numbers-only
  // estimates are remembered per thread by what they depend on (bounded).
  thread_local EstimateMemo memo;
  EstimateKey key(described, arch);
  const uint64_t hash = hashOf(key);
  if (const EstimateNumbers *found = memo.find(key, hash)) {
    found->fill(out.emplace());
    return true;
  }
  out.emplace(estimateDescribed(&described, arch, Detail::Numbers));
  memo.add(key, hash, *out);
  return true;
}

} // namespace btlint::resources
