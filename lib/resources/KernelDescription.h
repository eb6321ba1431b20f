#pragma once
// What the resource estimators need to know about one kernel under one
// config, independent of the source language: the dot sites with their tile
// shapes and where their operands come from, the reductions outside dot
// loops, num_warps and num_stages. KernelResourceAdapter.h fills it from the
// kernel model; the calibration test fills it from the calibration table.
#include "diag/SourceSpan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace btlint::resources {

// Element types Triton kernels compute with. fp32 dot inputs run as tf32.
// Int32 is a loaded type only (packed quantised weights, read through
// shifts): never a dot's input.
enum class ElementType { Fp16, Bf16, Fp32, Fp8E4nv, Fp8E5, Int8, Int32 };

int elementBits(ElementType type);
std::string_view elementTypeName(ElementType type); // "fp16", "bf16", ...
// Accepts btlint's names and Triton's ("float16", "tl.bfloat16", "fp8e4nv",
// "e4m3", "tf32", ...). nullopt for anything else.
std::optional<ElementType> parseElementType(std::string_view text);

// Where a dot operand comes from, which decides whether it is multi-buffered
// in shared memory, read from registers, or kept in shared memory once.
enum class OperandSource {
  PipelinedLoad,     // tl.load inside the loop, fed straight to the dot
  TransformedLoad,   // tl.load inside the loop, changed in registers first (a prologue)
  LoadedBeforeLoop,  // loaded once before the loop (attention's Q)
  PreviousDot,       // the result of an earlier dot in the same loop (attention's P)
};

struct DotOperand {
  OperandSource source = OperandSource::PipelinedLoad;
  // True when the K axis is the operand's contiguous axis in memory: always
  // for a row-major A; for B, when it is read as a transposed [N, K] weight.
  bool kContiguous = true;
};

struct DotDescription {
  int64_t m = 0, n = 0, k = 0;
  ElementType input = ElementType::Fp16;
  DotOperand a;
  DotOperand b{OperandSource::PipelinedLoad, false};
  // B is a tile transposed in the kernel (`tl.trans(x)`): K-major, and on
  // mma.sync, unstaged, converted in registers to B's layout.
  bool bTransposed = false;
  // B changed in registers from one load of another width, seen in the code
  // (int4 weights packed in int32, unpacked with shifts): that load's type.
  std::optional<ElementType> bUnpackedFrom = std::nullopt;
  // B is A's tile transposed (`tl.dot(k, tl.trans(k))`): one load, kept in
  // shared memory once for both operands.
  bool bIsTransposedA = false;
  bool inLoop = true; // inside a loop Triton pipelines (innermost, range / tl.range, not static_range)
  // Dots of one phase (the same pipelined loop) are live together; phases
  // run one after the other. `phaseStart`: where the loop starts, for notes;
  // invalid when unknown.
  int phase = 0;
  SourceSpan phaseStart = {};
  // Adds into an accumulator carried across iterations (live for the whole
  // phase); false for a fresh product consumed in the same iteration.
  bool carried = true;
  // Carried dots with the same id add into one accumulator variable and share
  // its registers; -1: a variable of its own.
  int accumulator = -1;
  // The dot (index in KernelDescription::dots) whose result this one adds
  // into, -1 for none; `region`: the innermost loop around the dot (-1:
  // outside loops), the region Triton's chained-dot rule looks within.
  int accumulatorFrom = -1;
  int region = -1;
  // Where the operands come from, where the front-end knows it
  // (KernelDescription::operandOriginsKnown): the loads of the dot's loop each
  // is computed from (indices in KernelDescription::loads; a load feeding two
  // dots is one buffer), and whether it is an earlier dot's result (a value
  // in registers, not a load).
  std::vector<int> aLoads = {}, bLoads = {};
  bool aFromDot = false, bFromDot = false;
  // Computed from a load before the dot's loop (kept in shared memory).
  bool aLoadedBefore = false, bLoadedBefore = false;
  // Read as loaded (a tl.load of the dot's loop, or outside loops where the
  // dot is), with no change in registers on the way.
  bool aStraight = false, bStraight = false;
  // Straight, with a cast on the way: Triton copies the loaded type and casts
  // after reading it into registers.
  bool aCast = false, bCast = false;
  // A is computed from its loads with a scalar decided at run time: the
  // computed tile is converted to the operand layout (mma.sync: a copy
  // through shared memory; wgmma: a conversion scratch).
  bool aScaledAtRunTime = false, bScaledAtRunTime = false;
  // Its place among the loads: the loads with a lower index (in
  // KernelDescription::loads order, which is program order) come before it.
  int loadsBefore = 0;
  // Under an `if` on a value the config does not give: it may not be compiled.
  bool conditional = false;
  // Its accumulator is stored inside its loop every iteration: the
  // conversion to the store's layout is live with the loop's buffers.
  bool storedInLoop = false;
};

// A tile loaded in a dot's loop that feeds a dot operand: what the software
// pipeliner stages, in the loaded element type (a cast comes after the copy).
struct LoadedTile {
  int order = 0; // its place in the program among the kernel's tiles (DotDescription::loadsBefore)
  int64_t rows = 1, cols = 1;
  int contiguousDim = 1;
  ElementType type = ElementType::Fp16;
  bool viaDescriptor = false; // a TMA copy through a tensor descriptor
};

// A load in a dot's loop whose values address the loads feeding the dot (a
// group index selecting rows of scales): pipelined, it keeps a ring of its
// own, one per layout the addressed loads read it in.
struct IndexRing {
  int order = 0; // its place among the kernel's tiles
  int64_t bytes = 0; // one stage
  int depth = 1;
  int copies = 1;
  ElementType type = ElementType::Int32;
  int64_t rows = 1, cols = 1;
};

// A reduction (or scan) outside any dot loop: a `rows` x `cols` tile loaded
// (rows = 1 for a 1-D block), reduced along `axis` (1: along the contiguous
// axis; a 1-D block reduces to a scalar) in fp32, `count` times in a row
// (softmax: max then sum).
struct ReductionDescription {
  int64_t rows = 1, cols = 0;
  int axis = 1;
  int contiguousDim = 1; // the loaded tile's contiguous axis (its layout's order)
  // Consecutive elements of the load are a stride apart (`offs * H`): one
  // element per thread instead of a vector.
  bool strided = false;
  // A scan (tl.cumsum) along `axis` rather than a reduction.
  bool scan = false;
  ElementType loaded = ElementType::Fp32;
  int count = 1;
  // The reduced vector is stored, as `stored` (a row or column sum); false
  // when the result is only broadcast back into the tile (softmax, norms).
  bool storesReducedVector = false;
  ElementType stored = ElementType::Fp32;
  // Bytes per element the combine carries across warps: 4 for a sum (fp16
  // and bf16 are summed in fp32), the element's for a max or min, the
  // value's plus a 32-bit index for argmax and argmin.
  int combineBytes = 4;
  // Where the element type is not visible: the largest combine it may
  // carry (the estimate's upper end takes it).
  int combineBytesUpTo = 4;
};

// A 1-D load broadcast into a rows x cols tile of a kernel without dots
// (`w[None, :]`, `mean[:, None]`): loaded in its own coalesced layout and
// converted to the tile's slice layout along `removedAxis` (0: the vector
// runs along the columns; -1: either, a square tile). Triton loads a vector with fewer elements than
// threads in the slice layout directly (no conversion).
struct VectorBroadcast {
  int64_t rows = 1, cols = 1;
  int removedAxis = 0;
  int contiguousDim = 1; // the tile's contiguous axis
  bool strided = false;  // the vector's elements are a stride apart: one per thread
  // Loaded as a [1, D] row or [T, 1] column: where the conversion is kept,
  // Triton may convert a tile-sized value to the row's layout instead
  // (measured: fla's addcmul kernels at 2 warps), so the estimate's upper
  // end takes a tile of fp32.
  bool loadedAsTile = false;
  ElementType loaded = ElementType::Fp32;
};

// Tiles held in registers at the same time by a kernel without dots (the
// operands of an elementwise kernel): `count` tiles of rows x cols.
struct RegisterTile {
  int64_t rows = 1, cols = 0;
  int count = 1;
  ElementType type = ElementType::Fp32;
};

struct KernelDescription {
  std::vector<DotDescription> dots; // program order
  std::vector<LoadedTile> loads;    // the loads dot operands name (DotDescription::aLoads, bLoads)
  std::vector<IndexRing> indexRings;
  bool operandOriginsKnown = false;
  // The dot result's stored type (the epilogue); nullopt: not stored.
  std::optional<ElementType> epilogueStore;
  std::vector<ReductionDescription> reductions;
  std::vector<VectorBroadcast> broadcasts;
  std::vector<RegisterTile> elementwiseTiles;
  int numWarps = 4;
  int numStages = 3;
  // Why parts of the kernel could not be described; carried into estimates.
  std::vector<std::string> gaps;
};

} // namespace btlint::resources
