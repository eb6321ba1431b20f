#pragma once
// Text handling for btlint lsp: file URIs, LSP positions (UTF-16 or UTF-8
// code units per line) <-> byte offsets, and edits applied to a buffer.
#include "source/FrontEnd.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace btlint::lsp {

enum class PositionEncoding { Utf16, Utf8 };

struct Position {
  uint32_t line = 0;      // 0-based
  uint32_t character = 0; // code units of the encoding
};

// `file:///a%20b/c.py` -> `/a b/c.py`; nullopt for other schemes or bad escapes.
std::optional<std::string> pathFromUri(std::string_view uri);
std::string uriFromPath(std::string_view path);

// Byte offsets of line starts, for one snapshot of a text.
class LineIndex {
public:
  explicit LineIndex(std::string_view text);
  // Byte offset of an LSP position; a character past the end of its line
  // clamps to the line end, a line past the end clamps to the text end.
  uint32_t offset(Position position, PositionEncoding encoding) const;
  // LSP position of a byte offset (clamped to the text).
  Position position(uint32_t offset, PositionEncoding encoding) const;
  // 0-based row and byte column (tree-sitter's points).
  std::pair<uint32_t, uint32_t> rowColumn(uint32_t offset) const;
  // LSP position of a 1-based line and byte column, as btlint's spans have them.
  Position positionOfLineColumn(uint32_t line, uint32_t column, PositionEncoding encoding) const;

private:
  std::string_view text_;
  std::vector<uint32_t> starts_;
};

// Replaces bytes [start, end) of `text` with `replacement`, returning the edit
// as a front-end's incremental parser wants it (points in old and new text).
SourceEdit replaceRange(std::string &text, uint32_t start, uint32_t end, std::string_view replacement);

// The single edit turning `before` into `after` (common prefix and suffix
// kept), so a full-text change still reparses incrementally.
SourceEdit replaceWhole(std::string &text, std::string after);

} // namespace btlint::lsp
