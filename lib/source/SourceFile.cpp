#include "source/SourceFile.h"

#include <algorithm>
#include <cstring>

namespace btlint {

SourceFile::SourceFile(std::string path, Language language, std::string text)
    : path_(std::move(path)), language_(language), text_(std::move(text)) {
  lineStarts_.reserve(text_.size() / 32 + 1);
  lineStarts_.push_back(0);
  const char *begin = text_.data(), *end = begin + text_.size();
  for (const char *at = begin; (at = static_cast<const char *>(std::memchr(at, '\n', end - at))); ++at)
    lineStarts_.push_back(static_cast<uint32_t>(at - begin) + 1);
}

namespace {
// Index of the line holding `offset`: the last line start <= offset. A
// branch-free binary search: line lookups come in no useful order, and the
// branches of std::upper_bound mispredict about half the time.
uint32_t lineIndexOf(const std::vector<uint32_t> &starts, uint32_t offset) {
  const uint32_t *base = starts.data();
  size_t count = starts.size();
  while (count > 1) {
    size_t half = count / 2;
    base = base[half] <= offset ? base + half : base;
    count -= half;
  }
  return static_cast<uint32_t>(base - starts.data());
}
} // namespace

std::pair<uint32_t, uint32_t> SourceFile::lineColumn(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  uint32_t lineIndex = lineIndexOf(lineStarts_, offset);
  return {lineIndex + 1, offset - lineStarts_[lineIndex] + 1};
}

SourceSpan SourceFile::span(uint32_t startByte, uint32_t endByte) const {
  const uint32_t size = static_cast<uint32_t>(text_.size());
  endByte = std::max(startByte, endByte);
  const uint32_t start = std::min(startByte, size), end = std::min(endByte, size);
  uint32_t line = lineIndexOf(lineStarts_, start);
  // Most spans end on the line they start on, or a few lines below; longer
  // ones (whole definitions) search.
  uint32_t endLine = line;
  for (int step = 0; endLine + 1 < lineStarts_.size() && lineStarts_[endLine + 1] <= end; ++endLine)
    if (++step == 8) {
      endLine = lineIndexOf(lineStarts_, end);
      break;
    }
  SourceSpan s;
  s.line = line + 1;
  s.column = start - lineStarts_[line] + 1;
  s.endLine = endLine + 1;
  s.endColumn = end - lineStarts_[endLine] + 1;
  s.startByte = startByte;
  s.endByte = endByte;
  return s;
}

SourceSpan SourceFile::lineSpan(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size()) return {};
  uint32_t start = lineStarts_[line - 1];
  std::string_view text = lineText(line);
  return span(start, start + static_cast<uint32_t>(text.size()));
}

std::string_view SourceFile::lineText(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size()) return {};
  uint32_t start = lineStarts_[line - 1];
  uint32_t end = line < lineStarts_.size() ? lineStarts_[line] - 1
                                           : static_cast<uint32_t>(text_.size());
  std::string_view view(text_);
  std::string_view result = view.substr(start, end - start);
  if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
  return result;
}

uint32_t utf16Column(std::string_view lineText, uint32_t byteColumn) {
  if (byteColumn <= 1) return byteColumn;
  const size_t bytes = std::min<size_t>(byteColumn - 1, lineText.size());
  uint32_t units = 0;
  for (size_t i = 0; i < bytes;) {
    const unsigned char lead = static_cast<unsigned char>(lineText[i]);
    // A sequence's length from its lead byte; a byte that starts no whole
    // sequence (a stray continuation, a cut-off one) is one unit on its own.
    size_t length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3
                                                                 : lead >= 0xF0 && lead < 0xF5   ? 4
                                                                                                  : 1;
    for (size_t k = 1; k < length; ++k)
      if (i + k >= lineText.size() || (static_cast<unsigned char>(lineText[i + k]) & 0xC0) != 0x80) length = 1;
    units += length == 4 ? 2 : 1; // beyond the basic plane: a surrogate pair
    i += length;
  }
  // A column past the line's end (the end of a span at the newline) keeps its distance.
  return units + 1 + static_cast<uint32_t>(byteColumn - 1 - bytes);
}

} // namespace btlint
