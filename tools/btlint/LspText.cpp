#include "LspText.h"

#include <algorithm>

namespace btlint::lsp {

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Length in bytes of the UTF-8 sequence starting with `lead` (1 for bytes
// that cannot start one, so malformed text still advances).
uint32_t sequenceLength(unsigned char lead) {
  if (lead < 0xC0) return 1;
  if (lead < 0xE0) return 2;
  if (lead < 0xF0) return 3;
  return 4;
}

} // namespace

std::optional<std::string> pathFromUri(std::string_view uri) {
  constexpr std::string_view scheme = "file://";
  if (uri.substr(0, scheme.size()) != scheme) return std::nullopt;
  uri.remove_prefix(scheme.size());
  // file://host/path: only the local host (empty or "localhost") is a path here.
  size_t slash = uri.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  std::string_view host = uri.substr(0, slash);
  if (!host.empty() && host != "localhost") return std::nullopt;
  uri.remove_prefix(slash);
  std::string path;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%') {
      if (i + 2 >= uri.size()) return std::nullopt;
      int high = hexValue(uri[i + 1]), low = hexValue(uri[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      path.push_back(static_cast<char>(high * 16 + low));
      i += 2;
    } else if (uri[i] == '?' || uri[i] == '#') {
      break;
    } else {
      path.push_back(uri[i]);
    }
  }
  if (path.find('\0') != std::string::npos) return std::nullopt;
  return path;
}

std::string uriFromPath(std::string_view path) {
  static const char *hex = "0123456789ABCDEF";
  std::string uri = "file://";
  for (unsigned char c : path) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                 c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) {
      uri.push_back(static_cast<char>(c));
    } else {
      uri.push_back('%');
      uri.push_back(hex[c >> 4]);
      uri.push_back(hex[c & 15]);
    }
  }
  return uri;
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts_.push_back(i + 1);
}

uint32_t LineIndex::offset(Position position, PositionEncoding encoding) const {
  if (position.line >= starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t start = starts_[position.line];
  uint32_t end = position.line + 1 < starts_.size() ? starts_[position.line + 1] - 1
                                                     : static_cast<uint32_t>(text_.size());
  if (end > start && text_[end - 1] == '\r') --end; // \r\n: the \r ends the line too
  if (encoding == PositionEncoding::Utf8) return std::min(end, start + position.character);
  uint32_t units = 0, at = start;
  while (at < end && units < position.character) {
    uint32_t length = sequenceLength(static_cast<unsigned char>(text_[at]));
    units += length == 4 ? 2 : 1;
    at = std::min(end, at + length);
  }
  return at;
}

std::pair<uint32_t, uint32_t> LineIndex::rowColumn(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  uint32_t row = static_cast<uint32_t>(it - starts_.begin()) - 1;
  return {row, offset - starts_[row]};
}

Position LineIndex::position(uint32_t offset, PositionEncoding encoding) const {
  auto [row, column] = rowColumn(offset);
  if (encoding == PositionEncoding::Utf8) return {row, column};
  uint32_t units = 0, at = starts_[row], end = starts_[row] + column;
  while (at < end) {
    uint32_t length = sequenceLength(static_cast<unsigned char>(text_[at]));
    units += length == 4 ? 2 : 1;
    at += length;
  }
  return {row, units};
}

Position LineIndex::positionOfLineColumn(uint32_t line, uint32_t column, PositionEncoding encoding) const {
  if (line == 0) return {0, 0};
  if (line > starts_.size()) return position(static_cast<uint32_t>(text_.size()), encoding);
  uint32_t start = starts_[line - 1];
  uint32_t offset = start + (column == 0 ? 0 : column - 1);
  uint32_t lineEnd = line < starts_.size() ? starts_[line] : static_cast<uint32_t>(text_.size());
  return position(std::min(offset, lineEnd), encoding);
}

SourceEdit replaceRange(std::string &text, uint32_t start, uint32_t end, std::string_view replacement) {
  start = std::min<uint32_t>(start, static_cast<uint32_t>(text.size()));
  end = std::clamp<uint32_t>(end, start, static_cast<uint32_t>(text.size()));
  SourceEdit edit;
  edit.startByte = start;
  edit.oldEndByte = end;
  edit.newEndByte = start + static_cast<uint32_t>(replacement.size());
  {
    LineIndex before(text);
    std::tie(edit.startRow, edit.startColumn) = before.rowColumn(start);
    std::tie(edit.oldEndRow, edit.oldEndColumn) = before.rowColumn(end);
  }
  text.replace(start, end - start, replacement);
  // The new end is the start advanced over the replacement.
  edit.newEndRow = edit.startRow;
  edit.newEndColumn = edit.startColumn;
  for (char c : replacement) {
    if (c == '\n') {
      ++edit.newEndRow;
      edit.newEndColumn = 0;
    } else {
      ++edit.newEndColumn;
    }
  }
  return edit;
}

SourceEdit replaceWhole(std::string &text, std::string after) {
  size_t prefix = 0;
  size_t limit = std::min(text.size(), after.size());
  while (prefix < limit && text[prefix] == after[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < limit - prefix && text[text.size() - 1 - suffix] == after[after.size() - 1 - suffix]) ++suffix;
  std::string_view middle = std::string_view(after).substr(prefix, after.size() - prefix - suffix);
  return replaceRange(text, static_cast<uint32_t>(prefix), static_cast<uint32_t>(text.size() - suffix), middle);
}

} // namespace btlint::lsp
