#include "rules/Spelling.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>

namespace btlint {

std::string closestSpelling(std::string_view name, const std::vector<std::string_view> &candidates, bool suffixes) {
  const llvm::StringRef typed(name.data(), name.size());
  std::string best;
  size_t bestDistance = std::max<size_t>(2, name.size() / 3) + 1;
  for (std::string_view candidate : candidates) {
    const llvm::StringRef known(candidate.data(), candidate.size());
    size_t distance = 0;
    if (known.equals_insensitive(typed)) distance = 0;
    else if (suffixes && known.size() > typed.size() + 1 && known.starts_with(typed) && known[typed.size()] == '_')
      distance = 1;
    else if (const size_t edits = known.edit_distance(typed); edits < std::min(known.size(), typed.size()))
      distance = edits;
    else
      continue;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = std::string(candidate);
    }
  }
  return best;
}

} // namespace btlint
