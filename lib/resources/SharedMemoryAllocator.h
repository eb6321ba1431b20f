#pragma once
// Places shared-memory buffers the way Triton's allocation analysis does, so
// that the total is what the compiler reports as `metadata.shared`, including
// the padding its first-fit placement leaves.
//
// Source: Triton 3.6 lib/Analysis/Allocation.cpp (AllocationAnalysis::
// computeOffsets, calculateStarts, buildInterferenceGraph, allocate), after
// "Algorithms for Compile-Time Memory Optimization" (Gergov, SODA 1999).
// Reimplemented from the description of the algorithm, not copied.
#include <cstdint>
#include <string>
#include <vector>

namespace btlint::resources {

// One buffer: an explicit allocation (a pipelined operand ring, a tile kept in
// shared memory) or an operation's scratch. Liveness is a half-open interval of
// program points; two buffers whose intervals intersect may not overlap.
struct SharedBuffer {
  std::string name;   // what it holds, for breakdowns ("A ring: 3 x 128x64 fp16")
  int64_t bytes = 0;
  int64_t alignment = 16;
  int64_t liveStart = 0;
  int64_t liveEnd = 1; // exclusive
};

struct PlacedBuffer {
  SharedBuffer buffer;
  int64_t offset = 0;
};

struct SharedMemoryLayout {
  int64_t totalBytes = 0;            // the end of the highest placed buffer
  std::vector<PlacedBuffer> placed;  // in placement order (largest first)
};

// Place the buffers; buffers of zero bytes are ignored. Without
// `keepPlacement`, only totalBytes is filled.
SharedMemoryLayout placeSharedBuffers(const std::vector<SharedBuffer> &buffers, bool keepPlacement = true);

} // namespace btlint::resources
