#pragma once
// Suggestions for misspelt names: "did you mean `BLOCK_SIZE`?".

#include <string>
#include <string_view>
#include <vector>

namespace btlint {

// The candidate `name` most likely misspells: equal but for case, `name`
// plus a `_suffix` where `suffixes` allows it (`out` for `out_ptr`), or a
// few edits away (at most a third of the name, at least two) with some of
// both left in place: `E` is not a typo of `K`. Empty when none is close;
// the first of equally close candidates.
std::string closestSpelling(std::string_view name, const std::vector<std::string_view> &candidates,
                            bool suffixes = false);

} // namespace btlint
