#include "engine/Glob.h"

namespace btlint {

namespace {

// Matches a character class starting at pattern[p] == '['; advances p past ']'.
bool matchClass(std::string_view pattern, size_t &p, char c, bool &wellFormed) {
  size_t i = p + 1;
  bool negate = i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^');
  if (negate) ++i;
  bool matched = false;
  bool first = true;
  while (i < pattern.size() && (first || pattern[i] != ']')) {
    first = false;
    char low = pattern[i];
    if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
      if (c >= low && c <= pattern[i + 2]) matched = true;
      i += 3;
    } else {
      if (c == low) matched = true;
      ++i;
    }
  }
  wellFormed = i < pattern.size();
  if (!wellFormed) return false;
  p = i + 1;
  return matched != negate;
}

bool matchFrom(std::string_view pattern, size_t p, std::string_view path, size_t s) {
  while (p < pattern.size()) {
    char pc = pattern[p];
    if (pc == '*') {
      bool doubleStar = p + 1 < pattern.size() && pattern[p + 1] == '*';
      if (doubleStar) {
        size_t next = p + 2;
        // "**/" also matches zero directories.
        if (next < pattern.size() && pattern[next] == '/') {
          if (matchFrom(pattern, next + 1, path, s)) return true;
        }
        for (size_t k = s; k <= path.size(); ++k)
          if (matchFrom(pattern, next, path, k)) return true;
        return false;
      }
      for (size_t k = s; k <= path.size(); ++k) {
        if (matchFrom(pattern, p + 1, path, k)) return true;
        if (k < path.size() && path[k] == '/') break;
      }
      return false;
    }
    if (s >= path.size()) return false;
    if (pc == '?') {
      if (path[s] == '/') return false;
    } else if (pc == '[') {
      bool wellFormed = true;
      size_t q = p;
      if (matchClass(pattern, q, path[s], wellFormed)) {
        p = q;
        ++s;
        continue;
      }
      if (wellFormed) return false;
      if (path[s] != '[') return false; // a lone '[' matches itself
    } else if (pc != path[s]) {
      return false;
    }
    ++p;
    ++s;
  }
  return s == path.size();
}

} // namespace

bool globMatch(std::string_view pattern, std::string_view path) {
  return matchFrom(pattern, 0, path, 0);
}

} // namespace btlint
