#pragma once
// Shared memory per block of a Triton kernel under one config, estimated the
// way Triton 3.6 allocates it: multi-buffered operand rings for loads that
// feed a dot in a loop (one more buffer on the warp-group and tcgen05 MMA
// paths than on mma.sync), tiles kept in shared memory once, mbarriers, and
// the scratch of reductions and layout conversions, placed by the same
// liveness-based allocator the compiler uses. Calibrated against the table in
// test/calibration/ (docs/resource-model.md gives the figures).
#include "arch/ArchTable.h"
#include "resources/KernelDescription.h"
#include "resources/SharedMemoryAllocator.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace btlint::resources {

// The matrix instruction Triton 3.6 lowers a dot to.
enum class MmaPath {
  None,    // no dot
  MmaSync, // mma.sync (MMA v2): sm80+, and sm90/sm100 with under 4 warps or BLOCK_M < 64
  Wgmma,   // warp-group MMA (v3): sm90 with num_warps a multiple of 4 and BLOCK_M >= 64
  Tcgen05, // tcgen05.mma (v5), accumulator in tensor memory: sm100 under the same conditions
  Mfma,    // AMD matrix cores (derived, not calibrated)
};
std::string_view mmaPathName(MmaPath path);

MmaPath selectMmaPath(const DotDescription &dot, int numWarps, const ArchInfo &arch);

// The loaded tiles a B computed in registers is staged from, one ring each
// (mma.sync, a 16-bit dot, two or more tiles of B's shape and no run-time
// scalar: measured); empty otherwise.
std::vector<const LoadedTile *> bRingedTiles(const DotDescription &dot, const KernelDescription &kernel, MmaPath path);

// Whether the kernel's dots are estimated by the dot-sequence rules (a ring
// per load an operand is computed from, an operand changed in registers
// copied): several dots of known origins, or one whose B is changed in
// registers (not unpacked from another width), which the single-dot rules
// were not calibrated for.
bool estimatedAsDotSequence(const KernelDescription &kernel);

struct SharedMemoryEstimate {
  // Exact when minBytes == maxBytes; otherwise the range the assumptions allow.
  int64_t minBytes = 0;
  int64_t maxBytes = 0;
  MmaPath mmaPath = MmaPath::None;
  bool calibrated = true;               // false where the arch was derived, not measured
  // Filled only for Detail::Explained:
  std::vector<PlacedBuffer> buffers;    // the buffers where the allocator placed them, in placement order
  std::vector<std::string> breakdown;   // one line per buffer: what, size, when live
  std::vector<std::string> assumptions; // what the estimate relies on (element type, MMA path)

  bool exact() const { return minBytes == maxBytes; }
  // The value verdicts use: the upper end, so an overflow is never missed.
  int64_t bytes() const { return maxBytes; }
};

// How much an estimate says: the numbers only, or also the breakdown and the
// assumptions (text that rules print only for the configs they flag).
enum class Detail { Numbers, Explained };

SharedMemoryEstimate estimateSharedMemory(const KernelDescription &kernel, const ArchInfo &arch,
                                          Detail detail = Detail::Explained);

// Whether the estimate can change with the contiguous axis of the dots' B
// operands (8-bit operands, or a B load that can be multi-buffered in one
// orientation and not in the other): when not, one orientation is enough.
bool bLayoutMatters(const KernelDescription &kernel, const ArchInfo &arch);

} // namespace btlint::resources
