#pragma once
// A small map from names to values, kept as one sorted vector: a config's
// meta-parameters (a handful of names) are built once per config of every
// expanded list and looked up per tile dimension by several rules. A
// std::map allocates a tree node per name and chases pointers per lookup;
// here a config's names sit in one allocation and a lookup scans a few
// contiguous entries. Iteration order is std::map's (sorted by name), so
// everything that walks the names sees them in the same order as before.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace btlint {

// Whether a stored name is `name`: lengths first, then the last character
// (meta-parameter and local names tend to differ at the end: BLOCK_M,
// BLOCK_N), then the whole text. The small name maps here all compare so.
inline bool sameName(const std::string &key, std::string_view name) {
  return key.size() == name.size() && (name.empty() || key.back() == name.back()) && key == name;
}

template <typename V> class NameMap {
public:
  using value_type = std::pair<std::string, V>;
  using iterator = typename std::vector<value_type>::iterator;
  using const_iterator = typename std::vector<value_type>::const_iterator;

  iterator begin() { return entries_.begin(); }
  iterator end() { return entries_.end(); }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  void clear() { entries_.clear(); }

  iterator find(std::string_view name) { return entries_.begin() + indexOf(name); }
  const_iterator find(std::string_view name) const { return entries_.begin() + indexOf(name); }
  size_t count(std::string_view name) const { return indexOf(name) != entries_.size() ? 1 : 0; }
  bool contains(std::string_view name) const { return count(name) != 0; }

  V &at(std::string_view name) {
    size_t index = indexOf(name);
    if (index == entries_.size()) throw std::out_of_range("NameMap::at");
    return entries_[index].second;
  }
  const V &at(std::string_view name) const {
    size_t index = indexOf(name);
    if (index == entries_.size()) throw std::out_of_range("NameMap::at");
    return entries_[index].second;
  }

  V &operator[](std::string_view name) { return try_emplace(name).first->second; }

  // Inserts `name` with a value made from `args` unless it is present.
  template <typename... Args> std::pair<iterator, bool> try_emplace(std::string_view name, Args &&...args) {
    auto position = lowerBound(name);
    if (position != entries_.end() && position->first == name) return {position, false};
    position = entries_.emplace(position, std::piecewise_construct, std::forward_as_tuple(name),
                                std::forward_as_tuple(std::forward<Args>(args)...));
    return {position, true};
  }
  template <typename Value> std::pair<iterator, bool> emplace(std::string_view name, Value &&value) {
    return try_emplace(name, std::forward<Value>(value));
  }
  iterator erase(const_iterator position) { return entries_.erase(position); }
  size_t erase(std::string_view name) {
    size_t index = indexOf(name);
    if (index == entries_.size()) return 0;
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(index));
    return 1;
  }
  void reserve(size_t count) { entries_.reserve(count); }

  bool operator==(const NameMap &other) const { return entries_ == other.entries_; }
  bool operator!=(const NameMap &other) const { return !(*this == other); }

private:
  // The entry for `name`, or size() when there is none.
  size_t indexOf(std::string_view name) const {
    if (entries_.size() <= 12) {
      for (size_t i = 0; i < entries_.size(); ++i)
        if (sameName(entries_[i].first, name)) return i;
      return entries_.size();
    }
    auto position = lowerBound(name);
    return position != entries_.end() && position->first == name
               ? static_cast<size_t>(position - entries_.begin())
               : entries_.size();
  }
  const_iterator lowerBound(std::string_view name) const {
    return std::lower_bound(entries_.begin(), entries_.end(), name,
                            [](const value_type &entry, std::string_view key) { return entry.first < key; });
  }
  iterator lowerBound(std::string_view name) {
    return std::lower_bound(entries_.begin(), entries_.end(), name,
                            [](const value_type &entry, std::string_view key) { return entry.first < key; });
  }

  std::vector<value_type> entries_;
};

} // namespace btlint
