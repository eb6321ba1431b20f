#pragma once
#include <string_view>

namespace btlint {

// Shell-style match of a '/'-separated relative path: `*` and `?` stay within
// one segment, `**` spans segments, `[abc]`/`[a-z]`/`[!a]` match one character.
bool globMatch(std::string_view pattern, std::string_view path);

} // namespace btlint
