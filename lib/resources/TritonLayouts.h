#pragma once
// Just enough of Triton's distributed layouts to size the shared-memory
// scratch that reductions and layout conversions need.
//
// A layout is described the way Triton's linear layouts describe it: for each
// bit of a thread's register index, lane id and warp id, the tile coordinate
// that bit moves to (a zero coordinate means the bit broadcasts). Tiles are
// 2-D; a 1-D tensor of n elements is the shape {n, 1}.
//
// Sources (Triton 3.6): the default blocked layout builder
// (BlockedEncodingAttr::get in TritonGPUAttrDefs.td), the coalescing rule
// (Transforms/Coalesce.cpp, getNumElementsPerThread), the MMA warp tilings
// (Transforms/AccelerateMatmul.cpp: warpsPerTileV2, warpsPerTileV3,
// mmaVersionToInstrShape), reduction scratch (Analysis/Utility.cpp,
// ReduceOpHelper), conversion scratch (Analysis/Allocation.cpp,
// getNumScratchElemsSwizzledCvt, and Tools/GenericSwizzling.cpp). The tensor
// memory load layout for tcgen05 was read from TTGIR that Triton 3.6 emitted.
#include <array>
#include <cstdint>
#include <vector>

namespace btlint::resources {

using TileShape2D = std::array<int64_t, 2>;
using TileCoord = std::array<int64_t, 2>;

struct DistributedLayout {
  TileShape2D shape{1, 1};
  std::vector<TileCoord> registers;
  std::vector<TileCoord> lanes;
  std::vector<TileCoord> warps;

  int64_t flatIndex(const TileCoord &c) const { return c[0] * shape[1] + c[1]; }
  int64_t elements() const { return shape[0] * shape[1]; }
  // Warps (a power of two) that hold different elements along `axis`.
  int64_t warpsWithUniqueDataAlong(int axis) const;
};

// Triton's default blocked layout: `order` lists dimensions fastest first.
DistributedLayout blockedLayout(TileShape2D shape, std::array<int64_t, 2> sizePerThread,
                                std::array<int, 2> order, int numWarps, int warpSize = 32);

// The layout the coalescing pass gives a row-major tile read or written with
// `elementBits`-bit elements, contiguous along `contiguousDim`, when the
// addresses are 16-byte aligned (the JIT's divisibility specialisation).
DistributedLayout coalescedLayout(TileShape2D shape, int contiguousDim, int elementBits, int numWarps,
                                  int warpSize = 32);

// The sizePerThread of coalescedLayout.
std::array<int64_t, 2> coalescedSizePerThread(TileShape2D shape, int contiguousDim, int elementBits, int numWarps,
                                              int warpSize = 32);

// Bytes a thread moves along the contiguous dimension in one access under the
// coalesced layout; cp.async needs at least 4 (Pipeliner/AssignLatencies.cpp).
int64_t coalescedBytesPerThread(TileShape2D shape, int contiguousDim, int elementBits, int numWarps,
                                int warpSize = 32);

// Warp tilings of the accumulator (AccelerateMatmul.cpp). `chained` is true
// for a dot whose result or operands connect to another dot (attention).
std::array<int64_t, 2> mmaV2WarpsPerTile(TileShape2D shape, int numWarps, bool chained);
int64_t mmaV3InstructionN(TileShape2D shape, int numWarps);
std::array<int64_t, 2> mmaV3WarpsPerTile(TileShape2D shape, int numWarps, bool chained);

DistributedLayout mmaV2Accumulator(TileShape2D shape, int numWarps, bool chained);
DistributedLayout mmaV2Accumulator(TileShape2D shape, std::array<int64_t, 2> warpsPerCta);
DistributedLayout mmaV3Accumulator(TileShape2D shape, int numWarps, bool chained);
// mma.sync's B operand ([K, N], `kWidth` = 32 / element bits consecutive K
// elements per register) laid over the transposed tile [N, K]: the layout a
// tile is converted to in registers before tl.trans makes it B
// (`tl.dot(x, tl.trans(x))` with x not in shared memory for B). Warps split N
// as the accumulator's do and hold copies along M.
DistributedLayout mmaV2TransposedBOperand(TileShape2D transposedShape, std::array<int64_t, 2> warpsPerCta,
                                          int elementBits);
// An mma.sync or wgmma A operand held in registers ([M, K], `kWidth` = 32 /
// element bits consecutive K elements per register): the layout a tile
// computed in registers is converted to before the dot.
DistributedLayout mmaAOperand(TileShape2D shape, std::array<int64_t, 2> warpsPerCta, int elementBits);
// Registers a tcgen05 accumulator is read into from tensor memory.
DistributedLayout tensorMemoryLoadLayout(TileShape2D shape, int numWarps);

// The layout of the result of reducing `axis` away: a 1-D tensor {n, 1}.
DistributedLayout sliceLayout(const DistributedLayout &parent, int axis);

// Scratch bytes of a convert_layout between two layouts of the same tile;
// 0 when the conversion only reorders registers. `vectorBits` is the widest
// shared-memory access the conversion uses per thread: 128 before sm90, 32
// from sm90 on, as calibrated against Triton 3.6 (see docs/resource-model.md).
// `throughSharedMemory`: a conversion Triton does not do with warp shuffles
// although it stays within warps.
int64_t convertLayoutScratchBytes(const DistributedLayout &from, const DistributedLayout &to, int elementBits,
                                  int vectorBits, bool throughSharedMemory = false);

// Scratch bytes of a tt.reduce along `axis` of a tile in `layout` whose
// combine runs on `accumulatorBytes`-byte values: 0 when the reduction stays
// inside each warp.
int64_t reductionScratchBytes(const DistributedLayout &layout, int axis, int accumulatorBytes);

// Scratch bytes of a tt.scan along `axis` of a tile in the blocked layout
// (sizePerThread, order) whose combine runs on `accumulatorBytes`-byte
// values (ScanLoweringHelper::getScratchSizeInBytes): 0 when one warp holds
// the axis, else a slot per warp for each element of the other axis a warp
// holds, for every block of the tile.
int64_t scanScratchBytes(TileShape2D shape, std::array<int64_t, 2> sizePerThread, std::array<int, 2> order,
                         int numWarps, int warpSize, int axis, int accumulatorBytes);

} // namespace btlint::resources
