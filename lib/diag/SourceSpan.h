#pragma once
#include <cstdint>
#include <string>
#include <tuple>

namespace btlint {

// A region of one source file. Lines and columns are 1-based; columns count
// bytes of the line (equal to characters for ASCII). Byte offsets are 0-based,
// end exclusive, and are what fixes edit. A default span (line 0) means "no
// location": diagnostics on it point at line 1, column 1 of the file.
struct SourceSpan {
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t endLine = 0;
  uint32_t endColumn = 0;
  uint32_t startByte = 0;
  uint32_t endByte = 0;

  bool valid() const { return line != 0; }
  // The empty span at its start: where a note points when the whole span
  // (a loop with its body) would be too much.
  SourceSpan start() const {
    SourceSpan at = *this;
    at.endLine = line;
    at.endColumn = column;
    at.endByte = startByte;
    return at;
  }
  friend bool operator<(const SourceSpan &a, const SourceSpan &b) {
    return std::tie(a.line, a.column, a.endLine, a.endColumn) <
           std::tie(b.line, b.column, b.endLine, b.endColumn);
  }
  friend bool operator==(const SourceSpan &a, const SourceSpan &b) {
    return a.line == b.line && a.column == b.column && a.endLine == b.endLine &&
           a.endColumn == b.endColumn;
  }
};

} // namespace btlint
