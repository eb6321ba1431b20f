#include "resources/TritonLayouts.h"

#include <algorithm>
#include <set>

namespace btlint::resources {
namespace {

int log2Floor(int64_t value) {
  int bits = 0;
  while (value > 1) {
    value >>= 1;
    ++bits;
  }
  return bits;
}

TileCoord along(int dim, int64_t offset) {
  TileCoord coord{0, 0};
  coord[dim] = offset;
  return coord;
}

// A coordinate past the tile's edge means the bit repeats data: broadcast.
TileCoord clipped(TileCoord coord, const TileShape2D &shape) {
  for (int d = 0; d < 2; ++d)
    if (coord[d] >= shape[d]) return TileCoord{0, 0};
  return coord;
}

bool isZero(const TileCoord &c) { return c[0] == 0 && c[1] == 0; }

// Registers that repeat the CTA tile until it covers the shape.
void appendRepetitions(DistributedLayout &layout, int dim, int64_t covered) {
  for (int64_t offset = covered; offset < layout.shape[dim]; offset *= 2)
    layout.registers.push_back(along(dim, offset));
}

std::set<int64_t> nonBroadcastRegisters(const DistributedLayout &layout) {
  std::set<int64_t> flat;
  for (const auto &c : layout.registers)
    if (!isZero(c)) flat.insert(layout.flatIndex(c));
  return flat;
}

std::vector<int64_t> flatBases(const DistributedLayout &layout, const std::vector<TileCoord> &bases) {
  std::vector<int64_t> out;
  for (const auto &c : bases) out.push_back(isZero(c) ? 0 : layout.flatIndex(c));
  return out;
}

// Triton converts without shared memory when each warp keeps its elements:
// registers are permuted in place (cvtReordersRegisters), or moved between
// lanes with warp shuffles. Calibrated: a shuffle is used when the source
// holds no more registers per thread than the destination; gathering several
// registers of a thread into other lanes goes through shared memory. Into a
// destination whose lanes repeat data (a vector spread into the slice of a
// wider tile) the shuffle takes at most one exchange of a lane bit with a
// register bit (cvtNeedsWarpShuffle: fewer than two mixed transpositions):
// measured, a vector of 32 spread over a 1-warp tile's rows is shuffled, one
// of 64 (two lane bits become register bits) goes through shared memory.
bool convertsWithinWarps(const DistributedLayout &from, const DistributedLayout &to) {
  if (flatBases(from, from.warps) != flatBases(to, to.warps)) return false;
  if (flatBases(from, from.lanes) == flatBases(to, to.lanes)) return true;
  if (nonBroadcastRegisters(from).size() > nonBroadcastRegisters(to).size()) return false;
  if (std::none_of(to.lanes.begin(), to.lanes.end(), isZero)) return true;
  const std::vector<int64_t> fromLanes = flatBases(from, from.lanes);
  int lanesToRegisters = 0;
  for (int64_t r : nonBroadcastRegisters(to))
    if (std::find(fromLanes.begin(), fromLanes.end(), r) != fromLanes.end()) ++lanesToRegisters;
  return lanesToRegisters < 2;
}

} // namespace

int64_t DistributedLayout::warpsWithUniqueDataAlong(int axis) const {
  int64_t count = 1;
  for (const auto &c : warps)
    if (c[axis] != 0) count *= 2;
  return count;
}

namespace {

struct BlockedSplit {
  std::array<int64_t, 2> threadsPerWarp{1, 1};
  std::array<int64_t, 2> warpsPerCta{1, 1};
};

// Threads and warps per dimension of Triton's default blocked layout.
BlockedSplit blockedSplit(TileShape2D shape, std::array<int64_t, 2> sizePerThread, std::array<int, 2> order,
                          int numWarps, int warpSize) {
  BlockedSplit split;
  auto &threadsPerWarp = split.threadsPerWarp;
  auto &warpsPerCta = split.warpsPerCta;
  int64_t remainingLanes = warpSize;
  int64_t remainingThreads = static_cast<int64_t>(numWarps) * warpSize;
  int64_t remainingWarps = numWarps;
  int64_t previousLanes = 1, previousWarps = 1;
  {
    // Fastest dimension first; the last one takes what is left.
    int dim = order[0];
    int64_t threads = std::clamp<int64_t>(remainingThreads, 1, std::max<int64_t>(1, shape[dim] / sizePerThread[dim]));
    threadsPerWarp[dim] = std::clamp<int64_t>(threads, 1, remainingLanes);
    warpsPerCta[dim] = std::clamp<int64_t>(threads / threadsPerWarp[dim], 1, remainingWarps);
    remainingWarps /= warpsPerCta[dim];
    remainingLanes /= threadsPerWarp[dim];
    remainingThreads /= threads;
    previousLanes *= threadsPerWarp[dim];
    previousWarps *= warpsPerCta[dim];
  }
  threadsPerWarp[order[1]] = warpSize / previousLanes;
  warpsPerCta[order[1]] = numWarps / previousWarps;
  return split;
}

} // namespace

DistributedLayout blockedLayout(TileShape2D shape, std::array<int64_t, 2> sizePerThread, std::array<int, 2> order,
                                int numWarps, int warpSize) {
  const BlockedSplit split = blockedSplit(shape, sizePerThread, order, numWarps, warpSize);
  const auto &threadsPerWarp = split.threadsPerWarp;
  const auto &warpsPerCta = split.warpsPerCta;
  DistributedLayout layout;
  layout.shape = shape;
  std::array<int64_t, 2> covered{1, 1};
  auto addBits = [&](std::vector<TileCoord> &bases, const std::array<int64_t, 2> &perDim) {
    for (int dim : order) {
      for (int64_t step = 1; step < perDim[dim]; step *= 2)
        bases.push_back(clipped(along(dim, covered[dim] * step), shape));
      covered[dim] *= perDim[dim];
    }
  };
  addBits(layout.registers, sizePerThread);
  addBits(layout.lanes, threadsPerWarp);
  addBits(layout.warps, warpsPerCta);
  for (int dim : order) appendRepetitions(layout, dim, covered[dim]);
  return layout;
}

namespace {

int64_t coalescedElementsPerThread(TileShape2D shape, int contiguousDim, int elementBits, int numWarps,
                                   int warpSize) {
  int64_t elements = shape[0] * shape[1];
  int64_t threads = static_cast<int64_t>(numWarps) * warpSize;
  // 16-byte divisibility caps a vector at 128 bits (Coalesce.cpp).
  int64_t perThread = std::min<int64_t>(128 / elementBits, shape[contiguousDim]);
  return std::min<int64_t>(perThread, std::max<int64_t>(elements / threads, 1));
}

} // namespace

DistributedLayout coalescedLayout(TileShape2D shape, int contiguousDim, int elementBits, int numWarps,
                                  int warpSize) {
  const std::array<int64_t, 2> sizePerThread =
      coalescedSizePerThread(shape, contiguousDim, elementBits, numWarps, warpSize);
  std::array<int, 2> order{contiguousDim, 1 - contiguousDim};
  return blockedLayout(shape, sizePerThread, order, numWarps, warpSize);
}

int64_t coalescedBytesPerThread(TileShape2D shape, int contiguousDim, int elementBits, int numWarps,
                                int warpSize) {
  return coalescedElementsPerThread(shape, contiguousDim, elementBits, numWarps, warpSize) * elementBits / 8;
}

std::array<int64_t, 2> mmaV2WarpsPerTile(TileShape2D shape, int numWarps, bool chained) {
  if (chained) return shape[0] >= shape[1] ? std::array<int64_t, 2>{numWarps, 1} : std::array<int64_t, 2>{1, numWarps};
  std::array<int64_t, 2> warps{1, 1};
  const std::array<int64_t, 2> shapePerWarp{16, 8}; // one mma.sync m16n8
  while (warps[0] * warps[1] < numWarps) {
    if (shape[0] / shapePerWarp[0] / warps[0] >= shape[1] / shapePerWarp[1] / warps[1]) {
      if (warps[0] < shape[0] / shapePerWarp[0])
        warps[0] *= 2;
      else
        warps[1] *= 2;
    } else {
      warps[1] *= 2;
    }
  }
  return warps;
}

int64_t mmaV3InstructionN(TileShape2D shape, int numWarps) {
  int64_t mWarps = std::max<int64_t>(shape[0] / 16, 1);
  int64_t nWarps = std::max<int64_t>(numWarps / mWarps, 1);
  int64_t maxN = std::max<int64_t>(shape[1] / nWarps, 8);
  for (int64_t n = 256; n >= 8; n -= 8)
    if (shape[1] % n == 0 && n <= maxN) return n;
  return 8;
}

std::array<int64_t, 2> mmaV3WarpsPerTile(TileShape2D shape, int numWarps, bool chained) {
  if (chained) return {numWarps, 1};
  std::array<int64_t, 2> warps{4, 1}; // a warp group is the indivisible unit
  while (warps[0] * warps[1] < numWarps) {
    if (shape[0] > 16 * warps[0])
      warps[0] *= 2;
    else
      warps[1] *= 2;
  }
  return warps;
}

namespace {

// Accumulator of mma.sync m16n8 (v2) or wgmma m64nN (v3): per warp 16 rows;
// a thread holds column pairs (bit 0) and rows r and r+8 (register bit 1);
// lanes step columns by 2 and 4, then rows by 1, 2, 4.
DistributedLayout mmaAccumulator(TileShape2D shape, std::array<int64_t, 2> warpsPerCta, int64_t instructionN) {
  DistributedLayout layout;
  layout.shape = shape;
  layout.registers.push_back(clipped({0, 1}, shape));
  layout.registers.push_back(clipped({8, 0}, shape));
  for (int64_t col = 8; col < instructionN; col *= 2) layout.registers.push_back(clipped({0, col}, shape));
  layout.lanes = {clipped({0, 2}, shape), clipped({0, 4}, shape), clipped({1, 0}, shape), clipped({2, 0}, shape),
                  clipped({4, 0}, shape)};
  for (int64_t w = 1; w < warpsPerCta[1]; w *= 2) layout.warps.push_back(clipped({0, instructionN * w}, shape));
  for (int64_t w = 1; w < warpsPerCta[0]; w *= 2) layout.warps.push_back(clipped({16 * w, 0}, shape));
  appendRepetitions(layout, 1, instructionN * warpsPerCta[1]);
  appendRepetitions(layout, 0, 16 * warpsPerCta[0]);
  return layout;
}

} // namespace

DistributedLayout mmaV2Accumulator(TileShape2D shape, int numWarps, bool chained) {
  return mmaAccumulator(shape, mmaV2WarpsPerTile(shape, numWarps, chained), 8);
}

DistributedLayout mmaV2Accumulator(TileShape2D shape, std::array<int64_t, 2> warpsPerCta) {
  return mmaAccumulator(shape, warpsPerCta, 8);
}

DistributedLayout mmaV3Accumulator(TileShape2D shape, int numWarps, bool chained) {
  int64_t n = mmaV3InstructionN(shape, numWarps);
  return mmaAccumulator(shape, mmaV3WarpsPerTile(shape, numWarps, chained), n);
}

DistributedLayout mmaV2TransposedBOperand(TileShape2D transposedShape, std::array<int64_t, 2> warpsPerCta,
                                          int elementBits) {
  // Rows are N, columns K. Per warp: K 0..8*kWidth, N 0..8; a thread holds
  // kWidth consecutive K (register bits), lanes step K by kWidth and 2*kWidth,
  // then N by 1, 2, 4; one register more steps K by 4*kWidth.
  const int64_t kWidth = std::max(32 / elementBits, 1);
  DistributedLayout layout;
  layout.shape = transposedShape;
  for (int64_t k = 1; k < kWidth; k *= 2) layout.registers.push_back(clipped({0, k}, transposedShape));
  layout.lanes = {clipped({0, kWidth}, transposedShape), clipped({0, 2 * kWidth}, transposedShape),
                  clipped({1, 0}, transposedShape), clipped({2, 0}, transposedShape), clipped({4, 0}, transposedShape)};
  layout.registers.push_back(clipped({0, 4 * kWidth}, transposedShape));
  for (int64_t w = 1; w < warpsPerCta[1]; w *= 2) layout.warps.push_back(clipped({8 * w, 0}, transposedShape));
  for (int64_t w = 1; w < warpsPerCta[0]; w *= 2) layout.warps.push_back({0, 0});
  appendRepetitions(layout, 1, 8 * kWidth);
  appendRepetitions(layout, 0, 8 * warpsPerCta[1]);
  return layout;
}

DistributedLayout mmaAOperand(TileShape2D shape, std::array<int64_t, 2> warpsPerCta, int elementBits) {
  // Per warp 16 rows by 4*kWidth columns (K): a thread holds kWidth
  // consecutive K (register bits), then rows r and r+8, then K + 4*kWidth;
  // lanes step K by kWidth and 2*kWidth, then rows by 1, 2, 4. Warps split M
  // as the accumulator's do and hold copies along N.
  const int64_t kWidth = std::max(32 / elementBits, 1);
  DistributedLayout layout;
  layout.shape = shape;
  for (int64_t k = 1; k < kWidth; k *= 2) layout.registers.push_back(clipped({0, k}, shape));
  layout.registers.push_back(clipped({8, 0}, shape));
  layout.registers.push_back(clipped({0, 4 * kWidth}, shape));
  layout.lanes = {clipped({0, kWidth}, shape), clipped({0, 2 * kWidth}, shape), clipped({1, 0}, shape),
                  clipped({2, 0}, shape), clipped({4, 0}, shape)};
  for (int64_t w = 1; w < warpsPerCta[0]; w *= 2) layout.warps.push_back(clipped({16 * w, 0}, shape));
  for (int64_t w = 1; w < warpsPerCta[1]; w *= 2) layout.warps.push_back({0, 0});
  appendRepetitions(layout, 1, 8 * kWidth);
  appendRepetitions(layout, 0, 16 * warpsPerCta[0]);
  return layout;
}

DistributedLayout tensorMemoryLoadLayout(TileShape2D shape, int numWarps) {
  // Four warps cover the 128 lanes of tensor memory (or 64 rows with half
  // the lanes taking the upper columns); more warps split the columns.
  DistributedLayout layout;
  layout.shape = shape;
  int64_t columnGroups = std::max<int64_t>(numWarps / 4, 1);
  int64_t columnsPerGroup = shape[1] / columnGroups;
  if (shape[0] >= 128) {
    for (int64_t col = 1; col < columnsPerGroup; col *= 2) layout.registers.push_back(clipped({0, col}, shape));
    for (int64_t row = 1; row < 32; row *= 2) layout.lanes.push_back({row, 0});
    layout.warps = {{32, 0}, {64, 0}};
    appendRepetitions(layout, 0, 128);
  } else {
    int64_t columnsPerThread = columnsPerGroup / 2;
    for (int64_t col = 1; col < columnsPerThread; col *= 2) layout.registers.push_back(clipped({0, col}, shape));
    for (int64_t row = 1; row < 16; row *= 2) layout.lanes.push_back(clipped({row, 0}, shape));
    layout.lanes.push_back(clipped({0, columnsPerThread}, shape));
    layout.warps = {clipped({16, 0}, shape), clipped({32, 0}, shape)};
  }
  for (int64_t g = 1; g < columnGroups; g *= 2) layout.warps.push_back(clipped({0, columnsPerGroup * g}, shape));
  return layout;
}

DistributedLayout sliceLayout(const DistributedLayout &parent, int axis) {
  int kept = 1 - axis;
  DistributedLayout slice;
  slice.shape = {parent.shape[kept], 1};
  auto project = [&](const TileCoord &c) { return TileCoord{c[kept], 0}; };
  for (const auto &c : parent.registers)
    if (c[kept] != 0) slice.registers.push_back(project(c)); // bits along the reduced axis collapse
  for (const auto &c : parent.lanes) slice.lanes.push_back(project(c));
  for (const auto &c : parent.warps) slice.warps.push_back(project(c));
  return slice;
}

int64_t convertLayoutScratchBytes(const DistributedLayout &from, const DistributedLayout &to, int elementBits,
                                  int vectorBits, bool throughSharedMemory) {
  if (!throughSharedMemory && convertsWithinWarps(from, to)) return 0;
  // Elements both layouts keep in one thread's registers can travel as one
  // shared-memory vector; the rest of those register bits are "reps": the
  // conversion is done in 2^reps rounds through a buffer of 1/2^reps of the
  // tile (GenericSwizzling.cpp, buildReps).
  std::set<int64_t> fromRegisters = nonBroadcastRegisters(from);
  std::set<int64_t> toRegisters = nonBroadcastRegisters(to);
  int common = 0;
  for (int64_t r : fromRegisters) common += toRegisters.count(r) ? 1 : 0;
  int maxVectorBits = vectorBits > elementBits ? log2Floor(vectorBits / elementBits) : 0;
  int reps = common - std::min(common, maxVectorBits);
  int64_t elements = from.elements() >> reps;
  return elements * elementBits / 8;
}

int64_t scanScratchBytes(TileShape2D shape, std::array<int64_t, 2> sizePerThread, std::array<int, 2> order,
                         int numWarps, int warpSize, int axis, int accumulatorBytes) {
  const BlockedSplit split = blockedSplit(shape, sizePerThread, order, numWarps, warpSize);
  const int other = 1 - axis;
  auto blocks = [&](int dim) {
    const int64_t perCta = sizePerThread[dim] * split.threadsPerWarp[dim] * split.warpsPerCta[dim];
    return std::max<int64_t>((shape[dim] + perCta - 1) / perCta, 1);
  };
  // Warps holding different elements along a dimension (the others repeat
  // them): the scan finishes in each warp when one holds the axis, and only
  // warps with data take slots (measured: a [64] strided scan at 2 to 8
  // warps needs 8 B of fp32).
  auto uniqueWarps = [&](int dim) {
    return std::min<int64_t>(split.warpsPerCta[dim],
                             std::max<int64_t>(shape[dim] / (sizePerThread[dim] * split.threadsPerWarp[dim]), 1));
  };
  if (uniqueWarps(axis) <= 1) return 0;
  return static_cast<int64_t>(accumulatorBytes) * uniqueWarps(axis) * uniqueWarps(other) *
         split.threadsPerWarp[other] * sizePerThread[other] * blocks(axis) * blocks(other);
}

std::array<int64_t, 2> coalescedSizePerThread(TileShape2D shape, int contiguousDim, int elementBits, int numWarps,
                                              int warpSize) {
  std::array<int64_t, 2> sizePerThread{1, 1};
  sizePerThread[contiguousDim] = coalescedElementsPerThread(shape, contiguousDim, elementBits, numWarps, warpSize);
  return sizePerThread;
}

int64_t reductionScratchBytes(const DistributedLayout &layout, int axis, int accumulatorBytes) {
  int64_t warpsAlongAxis = layout.warpsWithUniqueDataAlong(axis);
  if (warpsAlongAxis <= 1) return 0; // the reduction finishes with warp shuffles
  // One partial result per warp along the axis, for every element of the
  // other axis (ReduceOpHelper::getScratchRepShape).
  return layout.shape[1 - axis] * warpsAlongAxis * accumulatorBytes;
}

} // namespace btlint::resources
