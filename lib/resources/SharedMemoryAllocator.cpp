#include "resources/SharedMemoryAllocator.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

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

struct Slot {
  SharedBuffer buffer;
  Interval live;
  int64_t offset = 0;
};

// First pass: walk free "slots" (an offset plus the program interval over
// which the memory from that offset up is free) from the lowest offset, and
// give each slot to the first remaining buffer (largest first) whose liveness
// meets the slot and no other open slot. Overlaps this leaves between
// buffers are fixed by colouring below.
void assignStartOffsets(std::vector<Slot> &slots) {
  std::multimap<int64_t, Interval> openSlots;
  openSlots.insert({0, Interval{}});
  std::vector<size_t> remaining;
  for (size_t i = 0; i < slots.size(); ++i) remaining.push_back(i);

  while (!remaining.empty() && !openSlots.empty()) {
    auto lowest = openSlots.begin();
    int64_t offset = lowest->first;
    Interval range = lowest->second;
    openSlots.erase(lowest);

    auto chosen = remaining.end();
    for (auto it = remaining.begin(); it != remaining.end(); ++it) {
      const Interval &live = slots[*it].live;
      if (!live.intersects(range)) continue;
      bool clashesWithOpenSlot = std::any_of(
          openSlots.begin(), openSlots.end(),
          [&](const auto &slot) { return slot.second.intersects(live); });
      if (!clashesWithOpenSlot) {
        chosen = it;
        break;
      }
    }
    if (chosen == remaining.end()) continue; // nothing fits: the slot is dropped

    Slot &slot = slots[*chosen];
    slot.offset = alignUp(offset, slot.buffer.alignment);
    const Interval &live = slot.live;
    openSlots.insert({slot.offset + slot.buffer.bytes,
                      Interval{std::max(range.start, live.start), std::min(range.end, live.end)}});
    if (range.start < live.start) openSlots.insert({offset, Interval{range.start, live.end}});
    if (live.end < range.end) openSlots.insert({offset, Interval{live.start, range.end}});
    remaining.erase(chosen);
  }
}

using Interference = std::vector<std::set<size_t>>;

Interference findInterference(const std::vector<Slot> &slots) {
  Interference graph(slots.size());
  for (size_t x = 0; x < slots.size(); ++x) {
    for (size_t y = 0; y < slots.size(); ++y) {
      if (x == y) continue;
      Interval xMemory{slots[x].offset, slots[x].offset + slots[x].buffer.bytes};
      Interval yMemory{slots[y].offset, slots[y].offset + slots[y].buffer.bytes};
      if (slots[x].live.intersects(slots[y].live) && xMemory.intersects(yMemory))
        graph[x].insert(y);
    }
  }
  return graph;
}

bool empty(const Interference &graph) {
  return std::all_of(graph.begin(), graph.end(), [](const auto &edges) { return edges.empty(); });
}

// Second pass: first-fit colouring of the interference graph; every buffer
// not of colour 0 moves past the end of all buffers it interferes with.
int64_t resolveInterference(std::vector<Slot> &slots, const Interference &graph) {
  std::vector<int> colour(slots.size(), -1);
  if (!slots.empty()) colour[0] = 0;
  for (size_t x = 0; x < slots.size(); ++x) {
    std::vector<bool> available(slots.size(), true);
    for (size_t y : graph[x])
      if (colour[y] >= 0) available[colour[y]] = false;
    colour[x] = static_cast<int>(std::find(available.begin(), available.end(), true) - available.begin());
  }
  int64_t total = 0;
  for (size_t x = 0; x < slots.size(); ++x) {
    int64_t newOffset = 0;
    for (size_t y : graph[x])
      newOffset = std::max(newOffset, slots[y].offset + slots[y].buffer.bytes);
    if (colour[x] != 0) slots[x].offset = alignUp(newOffset, slots[x].buffer.alignment);
    total = std::max(total, slots[x].offset + slots[x].buffer.bytes);
  }
  return total;
}

} // namespace

SharedMemoryLayout placeSharedBuffers(const std::vector<SharedBuffer> &buffers) {
  std::vector<Slot> slots;
  for (const auto &buffer : buffers) {
    if (buffer.bytes <= 0) continue;
    slots.push_back(Slot{buffer, Interval{buffer.liveStart, buffer.liveEnd}, 0});
  }
  // Largest first, stable: big buffers get a slot of their own.
  std::stable_sort(slots.begin(), slots.end(),
                   [](const Slot &a, const Slot &b) { return a.buffer.bytes > b.buffer.bytes; });
  assignStartOffsets(slots);

  SharedMemoryLayout layout;
  Interference graph = findInterference(slots);
  do {
    layout.totalBytes = resolveInterference(slots, graph);
    graph = findInterference(slots);
  } while (!empty(graph));

  for (const auto &slot : slots) layout.placed.push_back({slot.buffer, slot.offset});
  return layout;
}

} // namespace btlint::resources
