#include "resources/SharedMemoryAllocator.h"

#include <algorithm>
#include <limits>
#include <llvm/ADT/SmallBitVector.h>
#include <llvm/ADT/SmallVector.h>

namespace btlint::resources {
namespace {

struct Interval {
  int64_t start = 0;
  int64_t end = std::numeric_limits<int64_t>::max();
  bool intersects(const Interval &other) const {
    return start < other.end && other.start < end;
  }
};

int64_t alignUp(int64_t value, int64_t alignment) {
  if (alignment <= 1) return value;
  return (value + alignment - 1) / alignment * alignment;
}

// A buffer being placed: an index into the caller's buffers, so that
// placing copies no names (the estimators place every config of every list).
struct Slot {
  size_t buffer = 0;
  int64_t bytes = 0;
  int64_t alignment = 16;
  Interval live;
  int64_t offset = 0;
};
using Slots = llvm::SmallVector<Slot, 16>;

// Free memory from `offset` up over the program interval `range`.
struct OpenSlot {
  int64_t offset = 0;
  Interval range;
};

// First pass: walk free "slots" (an offset plus the program interval over
// which the memory from that offset up is free) from the lowest offset, and
// give each slot to the first remaining buffer (largest first) whose liveness
// meets the slot and no other open slot. Overlaps this leaves between
// buffers are fixed by colouring below.
void assignStartOffsets(Slots &slots) {
  // Ordered by offset; slots of equal offset in insertion order.
  llvm::SmallVector<OpenSlot, 16> openSlots{{0, Interval{}}};
  auto open = [&](int64_t offset, Interval range) {
    auto at = std::upper_bound(openSlots.begin(), openSlots.end(), offset,
                               [](int64_t value, const OpenSlot &slot) { return value < slot.offset; });
    openSlots.insert(at, OpenSlot{offset, range});
  };
  llvm::SmallVector<size_t, 16> remaining;
  for (size_t i = 0; i < slots.size(); ++i) remaining.push_back(i);

  while (!remaining.empty() && !openSlots.empty()) {
    const int64_t offset = openSlots.front().offset;
    const Interval range = openSlots.front().range;
    openSlots.erase(openSlots.begin());

    auto chosen = remaining.end();
    for (auto it = remaining.begin(); it != remaining.end(); ++it) {
      const Interval &live = slots[*it].live;
      if (!live.intersects(range)) continue;
      bool clashesWithOpenSlot = std::any_of(openSlots.begin(), openSlots.end(),
                                             [&](const OpenSlot &slot) { return slot.range.intersects(live); });
      if (!clashesWithOpenSlot) {
        chosen = it;
        break;
      }
    }
    if (chosen == remaining.end()) continue; // nothing fits: the slot is dropped

    Slot &slot = slots[*chosen];
    slot.offset = alignUp(offset, slot.alignment);
    const Interval live = slot.live;
    open(slot.offset + slot.bytes, Interval{std::max(range.start, live.start), std::min(range.end, live.end)});
    if (range.start < live.start) open(offset, Interval{range.start, live.end});
    if (live.end < range.end) open(offset, Interval{live.start, range.end});
    remaining.erase(chosen);
  }
}

// For each slot, the slots it interferes with (both live at once and
// overlapping in memory), as a bit set (inline up to 57 slots: no allocation).
using Interference = llvm::SmallVector<llvm::SmallBitVector, 16>;

bool findInterference(const Slots &slots, Interference &graph) {
  graph.assign(slots.size(), llvm::SmallBitVector(slots.size()));
  bool any = false;
  for (size_t x = 0; x < slots.size(); ++x) {
    Interval xMemory{slots[x].offset, slots[x].offset + slots[x].bytes};
    for (size_t y = 0; y < slots.size(); ++y) {
      if (x == y) continue;
      Interval yMemory{slots[y].offset, slots[y].offset + slots[y].bytes};
      if (slots[x].live.intersects(slots[y].live) && xMemory.intersects(yMemory)) {
        graph[x].set(y);
        any = true;
      }
    }
  }
  return any;
}

// Second pass: first-fit colouring of the interference graph; every buffer
// not of colour 0 moves past the end of all buffers it interferes with.
int64_t resolveInterference(Slots &slots, const Interference &graph) {
  llvm::SmallVector<int, 16> colour(slots.size(), -1);
  if (!slots.empty()) colour[0] = 0;
  llvm::SmallBitVector taken(slots.size());
  for (size_t x = 0; x < slots.size(); ++x) {
    taken.reset();
    for (int y = graph[x].find_first(); y != -1; y = graph[x].find_next(y))
      if (colour[y] >= 0) taken.set(colour[y]);
    const int free = taken.find_first_unset();
    colour[x] = free == -1 ? static_cast<int>(slots.size()) : free;
  }
  int64_t total = 0;
  for (size_t x = 0; x < slots.size(); ++x) {
    int64_t newOffset = 0;
    for (int y = graph[x].find_first(); y != -1; y = graph[x].find_next(y))
      newOffset = std::max(newOffset, slots[y].offset + slots[y].bytes);
    if (colour[x] != 0) slots[x].offset = alignUp(newOffset, slots[x].alignment);
    total = std::max(total, slots[x].offset + slots[x].bytes);
  }
  return total;
}

} // namespace

SharedMemoryLayout placeSharedBuffers(const std::vector<SharedBuffer> &buffers, bool keepPlacement) {
  Slots slots;
  for (size_t i = 0; i < buffers.size(); ++i) {
    const SharedBuffer &buffer = buffers[i];
    if (buffer.bytes <= 0) continue;
    slots.push_back(Slot{i, buffer.bytes, buffer.alignment, Interval{buffer.liveStart, buffer.liveEnd}, 0});
  }
  // Largest first, stable: big buffers get a slot of their own.
  // (An insertion sort: a handful of buffers, and std::stable_sort allocates.)
  for (size_t i = 1; i < slots.size(); ++i)
    for (size_t j = i; j > 0 && slots[j - 1].bytes < slots[j].bytes; --j) std::swap(slots[j - 1], slots[j]);
  assignStartOffsets(slots);

  SharedMemoryLayout layout;
  Interference graph;
  bool interfering = findInterference(slots, graph);
  // Resolve until no two buffers interfere (without interference the first
  // pass placed them all: nothing to look at again).
  while (true) {
    layout.totalBytes = resolveInterference(slots, graph);
    if (!interfering) break;
    interfering = findInterference(slots, graph);
  }

  if (keepPlacement)
    for (const auto &slot : slots) layout.placed.push_back({buffers[slot.buffer], slot.offset});
  return layout;
}

} // namespace btlint::resources
